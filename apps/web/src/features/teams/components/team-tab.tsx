import { ACCOUNT_ROLE_DESCRIPTIONS, ACCOUNT_ROLE_LABELS } from '@app/contract';
import { Alert } from 'react-bootstrap';
import { QueryState } from '../../../components/query-state';
import { areaAllowed, useAccountContext } from '../../../lib/account-context';
import { AccountActions } from './account-actions';
import { InviteForm } from './invite-form';
import { MembersTable } from './members-table';
import { OpenInvites } from './open-invites';

/**
 * Profile → Team (decision 033): the account this session acts for, its members and open
 * invitations; owners and admins invite, change roles and remove, the owner transfers it.
 */
export function TeamTab() {
  const { data: context, isPending, error, refetch } = useAccountContext();
  if (!context) return <QueryState isPending={isPending} error={error} onRetry={() => void refetch()} />;
  const account = context.account;
  if (!account) {
    return (
      <Alert variant="info">
        You are not a member of any account now. Ask an account’s owner or admin to invite you.
      </Alert>
    );
  }
  const manage = areaAllowed(context, 'members', 'write') === true;
  return (
    <section aria-labelledby="team-title">
      <div className="d-flex flex-wrap align-items-center gap-2 mb-2">
        <h2 id="team-title" className="h4 mb-0 me-auto">
          {account.name}
        </h2>
        <AccountActions context={context} manage={manage} />
      </div>
      <p className="text-muted">
        Your role: <strong>{ACCOUNT_ROLE_LABELS[account.role]}</strong> —{' '}
        {ACCOUNT_ROLE_DESCRIPTIONS[account.role]}
      </p>
      <h3 className="h5 mt-4">Members</h3>
      <MembersTable context={context} manage={manage} />
      {manage ? (
        <>
          <hr className="my-4" />
          <InviteForm />
          <h3 className="h6">Open invitations</h3>
          <OpenInvites />
        </>
      ) : null}
    </section>
  );
}
