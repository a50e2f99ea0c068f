import { PORTAL_STRINGS, type PortalDevice, portalText } from '@app/contract';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useToast } from '../../../components/toast/toast-context';
import { useReleaseDevice } from '../portal-api';
import { usePortal } from '../portal-context';
import { deviceName } from './device-name';

interface ReleaseDeviceDialogProps {
  keyId: string;
  device: PortalDevice;
  releasesLeft: number;
  onHide: () => void;
  onReleased: () => void;
}

/** Names the device and the releases left before freeing its slot. */
export function ReleaseDeviceDialog({
  keyId,
  device,
  releasesLeft,
  onHide,
  onReleased,
}: ReleaseDeviceDialogProps) {
  const { caller } = usePortal();
  const release = useReleaseDevice(caller, keyId);
  const toast = useToast();
  const name = deviceName(device);
  return (
    <ConfirmDialog
      title={PORTAL_STRINGS.releaseTitle}
      confirmLabel={release.isPending ? PORTAL_STRINGS.releasing : PORTAL_STRINGS.releaseDevice}
      cancelLabel={PORTAL_STRINGS.cancel}
      pending={release.isPending}
      error={release.error}
      onHide={onHide}
      onConfirm={() =>
        release.mutate(device.id, {
          onSuccess: () => {
            toast.show({ message: portalText('releaseDone', { device: name }), variant: 'success' });
            onReleased();
          },
        })
      }
    >
      <p className="mb-0 text-break">{portalText('releaseConfirm', { device: name, left: releasesLeft })}</p>
    </ConfirmDialog>
  );
}
