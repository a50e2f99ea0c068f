import {
  ACCOUNT_ROLE_LABELS,
  type AccountContextResponse,
  INVITABLE_ROLES,
  type InvitableRole,
  type Member,
} from '@app/contract';
import { useState } from 'react';
import { Badge, Button, Form } from 'react-bootstrap';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { CursorPager } from '../../../components/cursor-pager';
import { QueryState } from '../../../components/query-state';
import { StackedTable } from '../../../components/stacked-table';
import { useToast } from '../../../components/toast/toast-context';
import { errorMessage } from '../../../lib/api-error';
import { useCursorPages } from '../../../lib/use-cursor-pages';
import { useChangeRole, useMembers, useRemoveMember } from '../api';

const day = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

/** The account's members in server pages; owners and admins change roles and remove members. */
export function MembersTable({ context, manage }: { context: AccountContextResponse; manage: boolean }) {
  const pages = useCursorPages('members');
  const { data, isPending, error, refetch, isFetching } = useMembers(pages.cursor);
  const changeRole = useChangeRole();
  const remove = useRemoveMember();
  const toast = useToast();
  const [removing, setRemoving] = useState<Member | null>(null);
  const me = context.person.id;

  const setRole = (member: Member, role: InvitableRole) =>
    changeRole.mutate(
      { userId: member.userId, role },
      {
        onSuccess: () => toast.show({ message: `${member.firstName} is now ${ACCOUNT_ROLE_LABELS[role]}` }),
        onError: (failure) => toast.show({ variant: 'danger', message: errorMessage(failure) }),
      },
    );

  if (!data) return <QueryState isPending={isPending} error={error} onRetry={() => void refetch()} />;
  return (
    <>
      <StackedTable responsive hover aria-label="Members" className="align-middle">
        <thead>
          <tr>
            <th>Name</th>
            <th>Email</th>
            <th>Role</th>
            <th>Joined</th>
            <th>
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {data.members.map((member) => {
            const name = `${member.firstName} ${member.lastName}`;
            const editable = manage && member.role !== 'owner' && member.userId !== me;
            return (
              <tr key={member.userId} data-testid={`member-row-${member.email}`}>
                <td>
                  {name}
                  {member.userId === me ? (
                    <Badge bg="secondary" className="ms-2">
                      You
                    </Badge>
                  ) : null}
                </td>
                <td>{member.email}</td>
                <td>
                  {editable ? (
                    <Form.Select
                      size="sm"
                      aria-label={`Role of ${name}`}
                      value={member.role}
                      disabled={changeRole.isPending}
                      onChange={(event) => setRole(member, event.target.value as InvitableRole)}
                      className="w-auto"
                    >
                      {INVITABLE_ROLES.map((role) => (
                        <option key={role} value={role}>
                          {ACCOUNT_ROLE_LABELS[role]}
                        </option>
                      ))}
                    </Form.Select>
                  ) : (
                    ACCOUNT_ROLE_LABELS[member.role]
                  )}
                </td>
                <td>{day.format(new Date(member.joinedAt))}</td>
                <td className="text-end">
                  {editable ? (
                    <Button size="sm" variant="outline-danger" onClick={() => setRemoving(member)}>
                      Remove<span className="visually-hidden"> {name}</span>
                    </Button>
                  ) : null}
                </td>
              </tr>
            );
          })}
        </tbody>
      </StackedTable>
      <CursorPager
        label="Members pages"
        page={pages.page}
        nextCursor={data.nextCursor}
        onNext={pages.next}
        onPrevious={pages.previous}
        busy={isFetching}
      />
      {removing ? (
        <ConfirmDialog
          title="Remove member"
          confirmLabel="Remove member"
          pending={remove.isPending}
          error={remove.error}
          onHide={() => setRemoving(null)}
          onConfirm={() =>
            remove.mutate(removing.userId, {
              onSuccess: () => {
                setRemoving(null);
                toast.show({ message: `${removing.firstName} was removed` });
              },
            })
          }
        >
          {removing.firstName} {removing.lastName} loses access to this account at once and is signed out of
          it.
        </ConfirmDialog>
      ) : null}
    </>
  );
}
