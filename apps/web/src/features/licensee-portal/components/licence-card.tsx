import { PORTAL_STRINGS, type PortalLicence } from '@app/contract';
import { useRef } from 'react';
import { Alert, Card } from 'react-bootstrap';
import { QueryState } from '../../../components/query-state';
import { usePortalLicence } from '../portal-api';
import { usePortal } from '../portal-context';
import { DeviceTable } from './device-table';
import { LicenceFacts } from './licence-facts';
import { LicenceStatusBadge } from './licence-status-badge';

/**
 * One licence: its facts from the list at once (`initial`), then with its devices from GET licence.
 * An expired licence says so and links to the owner's renewal page.
 */
export function LicenceCard({ keyId, initial }: { keyId: string; initial?: PortalLicence }) {
  const { caller } = usePortal();
  const detail = usePortalLicence(caller.handle, keyId);
  const devicesHeading = useRef<HTMLHeadingElement>(null);
  const licence = detail.data?.licence ?? initial;
  const headingId = `portal-licence-${keyId}`;
  if (!licence) {
    return (
      <QueryState
        isPending={detail.isPending}
        error={detail.error}
        onRetry={() => detail.refetch()}
        retryLabel={PORTAL_STRINGS.tryAgain}
        loadingLabel={PORTAL_STRINGS.loading}
      />
    );
  }
  return (
    <Card as="article" aria-labelledby={headingId} className="mb-3" data-testid="portal-licence">
      <Card.Body>
        <div className="d-flex flex-wrap align-items-center gap-2 mb-2">
          <h3 id={headingId} className="h6 mb-0 text-break">
            {licence.product.name}
          </h3>
          <LicenceStatusBadge status={licence.keyStatus} />
        </div>
        <LicenceFacts licence={licence} />
        {licence.keyStatus === 'expired' && (
          <Alert variant="warning" className="py-2 mt-3 mb-0 d-flex flex-wrap gap-2 align-items-center">
            <span>{PORTAL_STRINGS.expired}</span>
            {licence.renewUrl && (
              <a href={licence.renewUrl} target="_blank" rel="noopener noreferrer" className="alert-link">
                {PORTAL_STRINGS.renew}
              </a>
            )}
          </Alert>
        )}
        <h4 className="h6 mt-3" tabIndex={-1} ref={devicesHeading}>
          {PORTAL_STRINGS.devicesHeading}
        </h4>
        {detail.data ? (
          <DeviceTable
            licence={licence}
            devices={detail.data.devices}
            onReleased={() => devicesHeading.current?.focus()}
          />
        ) : (
          <QueryState
            isPending={detail.isPending}
            error={detail.error}
            onRetry={() => detail.refetch()}
            retryLabel={PORTAL_STRINGS.tryAgain}
            loadingLabel={PORTAL_STRINGS.loading}
          />
        )}
      </Card.Body>
    </Card>
  );
}
