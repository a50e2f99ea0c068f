import { ACCOUNT_ROLE_LABELS } from '@app/contract';
import { Button } from 'react-bootstrap';
import { CursorPager } from '../../../components/cursor-pager';
import { QueryState } from '../../../components/query-state';
import { StackedTable } from '../../../components/stacked-table';
import { useToast } from '../../../components/toast/toast-context';
import { errorMessage } from '../../../lib/api-error';
import { useCursorPages } from '../../../lib/use-cursor-pages';
import { useInvites, useRevokeInvite } from '../api';

const day = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

/** Invitations not yet accepted, newest first; revoking one stops its link. */
export function OpenInvites() {
  const pages = useCursorPages('invites');
  const { data, isPending, error, refetch, isFetching } = useInvites(pages.cursor, true);
  const revoke = useRevokeInvite();
  const toast = useToast();

  if (!data) return <QueryState isPending={isPending} error={error} onRetry={() => void refetch()} />;
  if (data.invites.length === 0 && pages.page === 1) {
    return <p className="text-muted">No open invitations.</p>;
  }
  return (
    <>
      <StackedTable responsive aria-label="Open invitations" className="align-middle">
        <thead>
          <tr>
            <th>Email</th>
            <th>Role</th>
            <th>Invited by</th>
            <th>Expires</th>
            <th>
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {data.invites.map((invite) => (
            <tr key={invite.id} data-testid={`invite-row-${invite.email}`}>
              <td>{invite.email}</td>
              <td>{ACCOUNT_ROLE_LABELS[invite.role]}</td>
              <td>{invite.invitedBy}</td>
              <td>{day.format(new Date(invite.expiresAt))}</td>
              <td className="text-end">
                <Button
                  size="sm"
                  variant="outline-secondary"
                  disabled={revoke.isPending}
                  onClick={() =>
                    revoke.mutate(invite.id, {
                      onSuccess: () => toast.show({ message: `Invitation to ${invite.email} revoked` }),
                      onError: (failure) => toast.show({ variant: 'danger', message: errorMessage(failure) }),
                    })
                  }
                >
                  Revoke<span className="visually-hidden"> the invitation to {invite.email}</span>
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </StackedTable>
      <CursorPager
        label="Invitations pages"
        page={pages.page}
        nextCursor={data.nextCursor}
        onNext={pages.next}
        onPrevious={pages.previous}
        busy={isFetching}
      />
    </>
  );
}
