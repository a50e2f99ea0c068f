import { PORTAL_STRINGS, type PortalDevice, type PortalLicence, portalText } from '@app/contract';
import { useId, useState } from 'react';
import { Button } from 'react-bootstrap';
import { StackedTable } from '../../../components/stacked-table';
import { usePortal } from '../portal-context';
import { portalDate, portalDateTime } from '../portal-format';
import { CertificateButton } from './certificate-button';
import { deviceName } from './device-name';
import { ReleaseDeviceDialog } from './release-device-dialog';

interface DeviceTableProps {
  licence: PortalLicence;
  devices: PortalDevice[];
  /** After a release the row is gone: focus goes to the devices' heading instead of the page's top. */
  onReleased: () => void;
}

/** A licence's devices with what the portal allows on each: Release and the offline certificate. */
export function DeviceTable({ licence, devices, onReleased }: DeviceTableProps) {
  const { face } = usePortal();
  const [releasing, setReleasing] = useState<PortalDevice | null>(null);
  const noneLeftId = useId();
  if (devices.length === 0) return <p className="text-muted mb-0">{PORTAL_STRINGS.noDevices}</p>;
  const noneLeft = licence.releasesLeft <= 0;
  const hasActions = face.allowRelease || face.allowCertificates;
  return (
    <>
      <StackedTable size="sm" className="align-middle mb-2">
        <thead>
          <tr>
            <th scope="col">{PORTAL_STRINGS.deviceLabel}</th>
            <th scope="col">{PORTAL_STRINGS.platformLabel}</th>
            <th scope="col">{PORTAL_STRINGS.lastSeenLabel}</th>
            {hasActions && (
              <th scope="col">
                <span className="visually-hidden">{PORTAL_STRINGS.actionsLabel}</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {devices.map((device) => (
            <tr key={device.id}>
              <td className="text-break">{deviceName(device)}</td>
              <td>{device.platform || PORTAL_STRINGS.unknownPlatform}</td>
              <td>{portalDateTime(device.lastSeenAt)}</td>
              {hasActions && (
                <td>
                  <div className="d-flex flex-wrap gap-2 justify-content-md-end">
                    {face.allowRelease && (
                      <Button
                        size="sm"
                        variant="outline-danger"
                        disabled={noneLeft}
                        aria-describedby={noneLeft ? noneLeftId : undefined}
                        onClick={() => setReleasing(device)}
                        aria-label={`${PORTAL_STRINGS.releaseDevice} ${portalText('deviceActions', { device: deviceName(device) })}`}
                      >
                        {PORTAL_STRINGS.releaseDevice}
                      </Button>
                    )}
                    {face.allowCertificates && <CertificateButton licence={licence} device={device} />}
                  </div>
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </StackedTable>
      {face.allowRelease && (
        <p id={noneLeftId} className="small text-muted mb-0">
          {noneLeft
            ? portalText('noReleasesLeft', {
                date: licence.nextReleaseAt ? portalDate(licence.nextReleaseAt) : '—',
              })
            : portalText('releasesLeft', { left: licence.releasesLeft })}
        </p>
      )}
      {releasing && (
        <ReleaseDeviceDialog
          keyId={licence.id}
          device={releasing}
          releasesLeft={licence.releasesLeft}
          onHide={() => setReleasing(null)}
          onReleased={() => {
            setReleasing(null);
            onReleased();
          }}
        />
      )}
    </>
  );
}
