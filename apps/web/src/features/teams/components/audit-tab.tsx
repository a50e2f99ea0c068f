import { AUDIT_ACTIONS, type AuditAction, type AuditEvent } from '@app/contract';
import { useState } from 'react';
import { Form } from 'react-bootstrap';
import { CursorPager } from '../../../components/cursor-pager';
import { QueryState } from '../../../components/query-state';
import { StackedTable } from '../../../components/stacked-table';
import { KEY_MANAGER_AUDIT_LABELS } from '../../../lib/audit-labels';
import { useCursorPages } from '../../../lib/use-cursor-pages';
import { useAudit } from '../api';

const moment = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** Each recorded action in words (decision 033). */
export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  'member.invited': 'Invited a member',
  'invite.revoked': 'Revoked an invitation',
  'member.joined': 'Joined the account',
  'member.role_changed': 'Changed a role',
  'member.removed': 'Removed a member',
  'member.left': 'Left the account',
  'account.transferred': 'Transferred the account',
  'account.renamed': 'Renamed the account',
  'account.two_factor_policy': 'Changed the two-factor rule',
  'two_factor.enabled': 'Turned on two-factor sign-in',
  'two_factor.disabled': 'Turned off two-factor sign-in',
  'passkey.added': 'Added a passkey',
  'passkey.removed': 'Removed a passkey',
  'recovery_codes.regenerated': 'Made new recovery codes',
  sign_in: 'Signed in',
  'sign_in.failed_second_factor': 'Failed a second-factor check',
  'session.switched': 'Switched to this account',
  'session.ended': 'Signed a device out',
  'password.changed': 'Changed the password',
  'email.verified': 'Verified an email address',
  // The Key Manager's and the portal's actions (decision 037): the account's trail shows every area.
  ...KEY_MANAGER_AUDIT_LABELS,
};

function details(event: AuditEvent): string {
  const { from, to, role } = event.detail as { from?: unknown; to?: unknown; role?: unknown };
  if (typeof from === 'string' && typeof to === 'string') return `${from} → ${to}`;
  if (typeof role === 'string') return role;
  return '';
}

/** Profile → Audit trail (owners and admins): who did what in the account, newest first. */
export function AuditTab() {
  const [action, setAction] = useState<AuditAction | ''>('');
  const pages = useCursorPages(`audit:${action}`);
  const { data, isPending, error, refetch, isFetching } = useAudit(pages.cursor, action || undefined);
  return (
    <section aria-labelledby="audit-title">
      <div className="d-flex flex-wrap align-items-end gap-2 mb-3">
        <h2 id="audit-title" className="h4 mb-0 me-auto">
          Audit trail
        </h2>
        <Form.Select
          aria-label="Action"
          className="w-auto"
          value={action}
          onChange={(event) => setAction(event.target.value as AuditAction | '')}
        >
          <option value="">All actions</option>
          {AUDIT_ACTIONS.map((value) => (
            <option key={value} value={value}>
              {AUDIT_ACTION_LABELS[value]}
            </option>
          ))}
        </Form.Select>
      </div>
      {data ? (
        data.events.length === 0 && pages.page === 1 ? (
          <p className="text-muted">Nothing recorded{action ? ' for this action' : ''} yet.</p>
        ) : (
          <>
            <StackedTable responsive aria-label="Audit trail" className="align-middle">
              <thead>
                <tr>
                  <th>When</th>
                  <th>Who</th>
                  <th>What</th>
                  <th>About</th>
                  <th>Details</th>
                  <th>IP address</th>
                </tr>
              </thead>
              <tbody>
                {data.events.map((event) => (
                  <tr key={event.id}>
                    <td>{moment.format(new Date(event.createdAt))}</td>
                    <td>{event.actorName}</td>
                    <td>{AUDIT_ACTION_LABELS[event.action]}</td>
                    <td>{event.target ?? ''}</td>
                    <td>{details(event)}</td>
                    <td>{event.ip ?? ''}</td>
                  </tr>
                ))}
              </tbody>
            </StackedTable>
            <CursorPager
              label="Audit trail pages"
              page={pages.page}
              nextCursor={data.nextCursor}
              onNext={pages.next}
              onPrevious={pages.previous}
              busy={isFetching}
            />
          </>
        )
      ) : (
        <QueryState isPending={isPending} error={error} onRetry={() => void refetch()} />
      )}
    </section>
  );
}
