import type { DashboardKey, Device } from '@app/contract';
import { Alert, Button } from 'react-bootstrap';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { LoadMore } from '../../../components/load-more';
import { QueryState } from '../../../components/query-state';
import { StackedTable } from '../../../components/stacked-table';
import { useToast } from '../../../components/toast/toast-context';
import { useKeyDevices, useReleaseDevice } from '../devices-api';
import { describeDuration } from './device-durations';
import { KeyDeviceRulesForm } from './key-device-rules-form';

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : '—');

/**
 * A key's devices (most recently seen first, 20 at a time) with their lease and transfer summary and
 * the key's own device rules; Release asks `onRelease`, whose confirmation is `ReleaseDeviceConfirm`
 * (the Devices dialog hides itself meanwhile, so two modals never stack).
 */
export function KeyDevicesPanel({
  licence,
  onRelease,
}: {
  licence: DashboardKey;
  onRelease: (device: Device) => void;
}) {
  const devices = useKeyDevices(licence.id);
  const pages = devices.data?.pages ?? [];
  const listed = pages.flatMap((page) => page.devices);
  const first = pages[0];
  return (
    <>
      <QueryState
        isPending={devices.isPending}
        error={devices.data ? null : devices.error}
        onRetry={() => devices.refetch()}
      />
      {first && (
        <p className="small text-body-secondary" data-testid="device-rules-summary">
          Lease:{' '}
          {first.policy.leaseSeconds === 0
            ? 'permanent (no heartbeat needed)'
            : `a device must send a heartbeat every ${describeDuration(first.policy.leaseSeconds)}`}
          . Self-serve transfers:{' '}
          {first.policy.transfersPer30Days === 0
            ? 'off'
            : `${first.transfersUsed} of ${first.policy.transfersPer30Days} used in the last 30 days, after ${describeDuration(first.policy.transferIdleSeconds)} idle`}
          {first.nextTransferAt && ` (next possible ${when(first.nextTransferAt)})`}.
        </p>
      )}
      {devices.data && listed.length === 0 && (
        <Alert variant="light">No devices yet. An activation that sends a fingerprint appears here.</Alert>
      )}
      {listed.length > 0 && (
        <StackedTable responsive hover className="align-middle small">
          <thead>
            <tr>
              <th scope="col">Device</th>
              <th scope="col">First seen</th>
              <th scope="col">Last seen</th>
              <th scope="col">Lease ends</th>
              <th scope="col">Address</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {listed.map((device) => (
              <tr key={device.id} data-testid={`device-row-${device.fingerprint}`}>
                <td>
                  <div>{device.name ?? <span className="text-body-secondary">Unnamed</span>}</div>
                  <div className="font-monospace text-break">{device.fingerprint}</div>
                  {device.platform && <div className="text-body-secondary">{device.platform}</div>}
                </td>
                <td>{when(device.firstSeenAt)}</td>
                <td>{when(device.lastSeenAt)}</td>
                <td>{device.leaseExpiresAt ? when(device.leaseExpiresAt) : 'Permanent'}</td>
                <td>
                  <div>{device.ip ?? '—'}</div>
                  {device.userAgent && (
                    <div className="text-body-secondary text-break" title={device.userAgent}>
                      {device.userAgent.slice(0, 60)}
                    </div>
                  )}
                </td>
                <td className="text-end">
                  <Button size="sm" variant="outline-danger" onClick={() => onRelease(device)}>
                    Release<span className="visually-hidden"> {device.name ?? device.fingerprint}</span>
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </StackedTable>
      )}
      <LoadMore query={devices} />
      {first && <KeyDeviceRulesForm keyId={licence.id} keyPolicy={first.keyPolicy} />}
    </>
  );
}

/** Confirms releasing one device of a key. */
export function ReleaseDeviceConfirm({
  licence,
  device,
  onHide,
}: {
  /** The key holding the device (a key's page or dialog passes the key; the Devices tab its id). */
  licence: Pick<DashboardKey, 'id'>;
  device: Pick<Device, 'id' | 'name' | 'fingerprint'>;
  onHide: () => void;
}) {
  const release = useReleaseDevice();
  const toast = useToast();
  return (
    <ConfirmDialog
      title="Release device"
      confirmLabel="Release device"
      pending={release.isPending}
      error={release.error}
      onHide={onHide}
      onConfirm={() =>
        release.mutate(
          { keyId: licence.id, deviceId: device.id },
          {
            onSuccess: () => {
              toast.show({ message: 'Device released' });
              onHide();
            },
          },
        )
      }
    >
      <p>
        Release <strong>{device.name ?? device.fingerprint}</strong>? Its activation is freed for another
        device; the app on it is refused until it activates again.
      </p>
    </ConfirmDialog>
  );
}
