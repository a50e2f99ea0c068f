import type { DeviceSession } from '@app/contract';
import { useState } from 'react';
import { Badge, Button } from 'react-bootstrap';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { CursorPager } from '../../../components/cursor-pager';
import { QueryState } from '../../../components/query-state';
import { StackedTable } from '../../../components/stacked-table';
import { useToast } from '../../../components/toast/toast-context';
import { errorMessage } from '../../../lib/api-error';
import { useCursorPages } from '../../../lib/use-cursor-pages';
import { useEndOtherSessions, useEndSession, useSessions } from '../security-api';

const moment = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

export function deviceName(session: Pick<DeviceSession, 'browser' | 'os'>): string {
  if (session.browser && session.os) return `${session.browser} on ${session.os}`;
  return session.browser ?? session.os ?? 'Unknown browser';
}

/**
 * Profile → Sessions (decision 033): the devices signed in to the person's account, this one marked,
 * in server pages; sign out one of them or every other. The place is known only when a proxy named
 * the country of this device's request: there is no location database.
 */
export function SessionsTab() {
  const pages = useCursorPages('sessions');
  const { data, isPending, error, refetch, isFetching } = useSessions(pages.cursor);
  const endOne = useEndSession();
  const endOthers = useEndOtherSessions();
  const toast = useToast();
  const [confirmOthers, setConfirmOthers] = useState(false);

  const signOut = (session: DeviceSession) =>
    endOne.mutate(session.id, {
      onSuccess: (reply) => toast.show({ variant: 'success', message: reply.message }),
      onError: (failure) => toast.show({ variant: 'danger', message: errorMessage(failure) }),
    });

  return (
    <section aria-labelledby="sessions-title">
      <div className="d-flex flex-wrap align-items-center gap-2 mb-1">
        <h2 id="sessions-title" className="h4 mb-0 me-auto">
          Sessions
        </h2>
        <Button variant="outline-danger" size="sm" onClick={() => setConfirmOthers(true)}>
          Sign out all other devices
        </Button>
      </div>
      <p className="text-muted">
        Devices signed in to your account. If you do not recognise one, sign it out and change your password.
      </p>
      {data ? (
        <>
          <StackedTable responsive hover aria-label="Signed-in devices" className="align-middle">
            <thead>
              <tr>
                <th>Device</th>
                <th>IP address</th>
                <th>Place</th>
                <th>Signed in</th>
                <th>Last active</th>
                <th>
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {data.sessions.map((session) => (
                <tr key={session.id}>
                  <td>
                    {deviceName(session)}
                    {session.deviceType ? (
                      <span className="text-muted small"> · {session.deviceType}</span>
                    ) : null}
                    {session.current ? (
                      <Badge bg="success" className="ms-2">
                        This device
                      </Badge>
                    ) : null}
                  </td>
                  <td>{session.ip ?? 'Unknown'}</td>
                  <td>{session.place ?? <span className="text-muted">Unknown</span>}</td>
                  <td>{moment.format(new Date(session.signedInAt))}</td>
                  <td>{moment.format(new Date(session.lastActiveAt))}</td>
                  <td className="text-end">
                    {session.current ? null : (
                      <Button
                        size="sm"
                        variant="outline-danger"
                        disabled={endOne.isPending}
                        aria-label={`Sign out ${deviceName(session)}, ${session.ip ?? 'unknown address'}`}
                        onClick={() => signOut(session)}
                      >
                        Sign out
                      </Button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </StackedTable>
          <CursorPager
            label="Sessions pages"
            page={pages.page}
            nextCursor={data.nextCursor}
            onNext={pages.next}
            onPrevious={pages.previous}
            busy={isFetching}
          />
          <p className="small text-muted">
            Place: there is no location database; a place shows only when the site's proxy names the country
            of this device's connection. Last active changes when a device renews its sign-in (every 15
            minutes while in use).
          </p>
        </>
      ) : (
        <QueryState isPending={isPending} error={error} onRetry={() => void refetch()} />
      )}
      {confirmOthers ? (
        <ConfirmDialog
          title="Sign out all other devices?"
          confirmLabel="Sign out other devices"
          pending={endOthers.isPending}
          error={endOthers.error}
          onHide={() => setConfirmOthers(false)}
          onConfirm={() =>
            endOthers.mutate(undefined, {
              onSuccess: (reply) => {
                setConfirmOthers(false);
                toast.show({ variant: 'success', message: reply.message });
              },
            })
          }
        >
          Every device but this one will have to sign in again.
        </ConfirmDialog>
      ) : null}
    </section>
  );
}
