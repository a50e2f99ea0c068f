import { PORTAL_STRINGS } from '@app/contract';
import { LoadMore } from '../../../components/load-more';
import { QueryState } from '../../../components/query-state';
import { usePortalLicences } from '../portal-api';
import { usePortal } from '../portal-context';
import { LicenceCard } from './licence-card';

/** An email session's licences across the owner's products, a page at a time. */
export function LicenceList() {
  const { caller } = usePortal();
  const licences = usePortalLicences(caller.handle);
  if (!licences.data) {
    return (
      <QueryState
        isPending={licences.isPending}
        error={licences.error}
        onRetry={() => licences.refetch()}
        retryLabel={PORTAL_STRINGS.tryAgain}
        loadingLabel={PORTAL_STRINGS.loading}
      />
    );
  }
  const shown = licences.data.pages.flatMap((page) => page.licences);
  if (shown.length === 0) return <p className="text-muted">{PORTAL_STRINGS.noLicences}</p>;
  return (
    <>
      {shown.map((licence) => (
        <LicenceCard key={licence.id} keyId={licence.id} initial={licence} />
      ))}
      {licences.isFetchNextPageError && (
        <QueryState
          isPending={false}
          error={licences.error}
          retryLabel={PORTAL_STRINGS.tryAgain}
          onRetry={() => licences.fetchNextPage()}
        />
      )}
      <LoadMore query={licences} label={PORTAL_STRINGS.loadMore} />
    </>
  );
}
