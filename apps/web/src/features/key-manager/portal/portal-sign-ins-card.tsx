import type { PortalSignInMethod } from '@app/contract';
import { Card } from 'react-bootstrap';
import { CursorPager } from '../../../components/cursor-pager';
import { QueryState } from '../../../components/query-state';
import { StackedTable } from '../../../components/stacked-table';
import { useCursorPages } from '../../../lib/use-cursor-pages';
import { browserSummary } from './browser-summary';
import { usePortalSignIns } from './portal-owner-api';

const METHOD: Record<PortalSignInMethod, string> = {
  code: 'Mailed code',
  link: 'Mailed link',
  key: 'Licence key',
};

/** Who signed in to the portal, newest first: method, email or masked key, time, address, browser. */
export function PortalSignInsCard() {
  const pages = useCursorPages('portal-sign-ins');
  const signIns = usePortalSignIns(pages.cursor);
  return (
    <Card as="section" aria-labelledby="km-portal-sign-ins-title" className="mb-4">
      <Card.Body>
        <h2 id="km-portal-sign-ins-title" className="h6">
          Portal sign-ins
        </h2>
        {signIns.data ? (
          <>
            <StackedTable size="sm" className="align-middle mb-0" aria-labelledby="km-portal-sign-ins-title">
              <thead>
                <tr>
                  <th scope="col">Time</th>
                  <th scope="col">Method</th>
                  <th scope="col">Licensee</th>
                  <th scope="col">IP address</th>
                  <th scope="col">Browser</th>
                </tr>
              </thead>
              <tbody>
                {signIns.data.signIns.length === 0 && (
                  <tr>
                    <td colSpan={5} className="text-muted">
                      Nobody has signed in to the portal yet.
                    </td>
                  </tr>
                )}
                {signIns.data.signIns.map((signIn) => (
                  <tr key={signIn.id}>
                    <td className="text-nowrap">{new Date(signIn.at).toLocaleString()}</td>
                    <td>{METHOD[signIn.method]}</td>
                    <td className="text-break">{signIn.email ?? <code>{signIn.maskedKey ?? '—'}</code>}</td>
                    <td className="text-break">{signIn.ip ?? '—'}</td>
                    <td title={signIn.userAgent ?? undefined}>{browserSummary(signIn.userAgent)}</td>
                  </tr>
                ))}
              </tbody>
            </StackedTable>
            <CursorPager
              page={pages.page}
              nextCursor={signIns.data.nextCursor}
              onNext={pages.next}
              onPrevious={pages.previous}
              busy={signIns.isPlaceholderData}
              label="Portal sign-in pages"
            />
          </>
        ) : (
          <QueryState isPending={signIns.isPending} error={signIns.error} onRetry={() => signIns.refetch()} />
        )}
      </Card.Body>
    </Card>
  );
}
