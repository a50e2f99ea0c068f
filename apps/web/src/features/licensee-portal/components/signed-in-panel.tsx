import { PORTAL_STRINGS, type PortalSession, portalText } from '@app/contract';
import { useEffect, useRef } from 'react';
import { Button, Spinner } from 'react-bootstrap';
import { FormErrorAlert } from '../../../components/form-error-alert';
import { useSignOut } from '../portal-api';
import { usePortal } from '../portal-context';
import { LicenceCard } from './licence-card';
import { LicenceList } from './licence-list';

interface SignedInPanelProps {
  session: PortalSession;
  /** Focus the heading (right after signing in), so keyboard and screen-reader users land on the licences. */
  focusHeading: boolean;
  /** Called as the licensee asks to sign out (true) and if that fails (false), so the page tells a sign-out from an ended session. */
  onSigningOut: (asked: boolean) => void;
}

/** An email session sees all its licences here; a key session only its one licence. */
export function SignedInPanel({ session, focusHeading, onSigningOut }: SignedInPanelProps) {
  const { caller } = usePortal();
  const signOut = useSignOut(caller);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focusHeading) heading.current?.focus();
  }, [focusHeading]);
  return (
    <section aria-labelledby="portal-licences-heading">
      <div className="d-flex flex-wrap justify-content-between align-items-center gap-2 mb-3">
        <h2 id="portal-licences-heading" className="h5 mb-0" tabIndex={-1} ref={heading}>
          {session.kind === 'email' ? PORTAL_STRINGS.licencesHeading : PORTAL_STRINGS.licenceHeading}
        </h2>
        <div className="d-flex flex-wrap align-items-center gap-2">
          <span className="text-muted small text-break">
            {session.kind === 'email' && session.email
              ? portalText('signedInAs', { email: session.email })
              : PORTAL_STRINGS.signedInWithKey}
          </span>
          <Button
            size="sm"
            variant="outline-secondary"
            disabled={signOut.isPending}
            onClick={() => {
              onSigningOut(true);
              signOut.mutate(undefined, { onError: () => onSigningOut(false) });
            }}
          >
            {signOut.isPending && (
              <Spinner as="span" animation="border" size="sm" className="me-1" aria-hidden="true" />
            )}
            {signOut.isPending ? PORTAL_STRINGS.signingOut : PORTAL_STRINGS.signOut}
          </Button>
        </div>
      </div>
      <FormErrorAlert error={signOut.error} />
      {session.kind === 'email' ? <LicenceList /> : session.keyId && <LicenceCard keyId={session.keyId} />}
    </section>
  );
}
