import { Alert } from 'react-bootstrap';
import { QueryState } from '../../../components/query-state';
import { useSecurity } from '../two-factor-api';
import { MemberPolicySection } from './member-policy-section';
import { PasskeysSection } from './passkeys-section';
import { TotpSection } from './totp-section';

/**
 * Profile → Security (and the staff and admin areas' Security): two-factor sign-in. `memberPolicy`:
 * show the account's rule for its members (clients' accounts; the company's areas leave it out).
 */
export function SecurityTab({ memberPolicy = true }: { memberPolicy?: boolean }) {
  const { data: security, isPending, error, refetch } = useSecurity();
  if (!security) return <QueryState isPending={isPending} error={error} onRetry={() => void refetch()} />;
  const hasFactor = security.totpEnabled || security.passkeys.length > 0;
  const required = security.requiredBySite || security.account?.requiresTwoFactor === true;
  return (
    <section aria-labelledby="security-title">
      <h2 id="security-title" className="h4 mb-3">
        Two-factor sign-in
      </h2>
      {required && !hasFactor && (
        <Alert variant="warning">
          {security.requiredBySite
            ? 'The company requires two-factor sign-in for staff and admins: set up an authenticator app or a passkey to continue.'
            : 'This account requires two-factor sign-in: set up an authenticator app or a passkey to reach its areas.'}
        </Alert>
      )}
      <TotpSection security={security} />
      <PasskeysSection security={security} />
      {memberPolicy && <MemberPolicySection security={security} />}
    </section>
  );
}
