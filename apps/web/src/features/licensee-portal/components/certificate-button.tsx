import { PORTAL_STRINGS, type PortalDevice, type PortalLicence, portalText } from '@app/contract';
import { Button, Spinner } from 'react-bootstrap';
import { useToast } from '../../../components/toast/toast-context';
import { ApiError, errorMessage } from '../../../lib/api-error';
import { useDownloadCertificate } from '../portal-api';
import { usePortal } from '../portal-context';
import { deviceName } from './device-name';

/** Downloads the device's offline certificate as a file (fetched with the CSRF header, then saved). */
export function CertificateButton({ licence, device }: { licence: PortalLicence; device: PortalDevice }) {
  const { caller } = usePortal();
  const download = useDownloadCertificate(caller, licence);
  const toast = useToast();
  const name = deviceName(device);
  return (
    <Button
      size="sm"
      variant="outline-secondary"
      disabled={download.isPending}
      aria-label={`${PORTAL_STRINGS.downloadCertificate} ${portalText('deviceActions', { device: name })}`}
      onClick={() =>
        download.mutate(device.id, {
          onSuccess: () =>
            toast.show({ message: portalText('certificateDone', { device: name }), variant: 'success' }),
          onError: (error) =>
            toast.show({
              message:
                error instanceof ApiError && error.code
                  ? errorMessage(error)
                  : PORTAL_STRINGS.certificateFailed,
              variant: 'danger',
            }),
        })
      }
    >
      {download.isPending && (
        <Spinner as="span" animation="border" size="sm" className="me-1" aria-hidden="true" />
      )}
      {PORTAL_STRINGS.downloadCertificate}
    </Button>
  );
}
