import { PORTAL_LIMITS, PORTAL_LOGO_TYPES, type PortalSettings } from '@app/contract';
import { type ChangeEvent, useState } from 'react';
import { Button, Form, ProgressBar } from 'react-bootstrap';
import { useToast } from '../../../components/toast/toast-context';
import { errorMessage } from '../../../lib/api-error';
import { useRemovePortalLogo, useUploadPortalLogo } from './portal-owner-api';

const LOGO_KB = Math.round(PORTAL_LIMITS.logoMaxBytes / 1024);

/**
 * The portal's logo, uploaded on its own as soon as it is chosen (through the app's one upload path,
 * with its progress), so a large image never holds up saving the other settings.
 */
export function PortalLogoField({ settings, readOnly }: { settings: PortalSettings; readOnly: boolean }) {
  const upload = useUploadPortalLogo();
  const remove = useRemovePortalLogo();
  const toast = useToast();
  const [percent, setPercent] = useState<number | null>(null);
  const error = upload.error ?? remove.error;

  function choose(event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const file = input.files?.[0];
    if (!file) return;
    remove.reset();
    setPercent(0);
    upload.mutate(
      { file, onProgress: setPercent },
      {
        onSuccess: () => toast.show({ message: 'Logo uploaded.', variant: 'success' }),
        onSettled: () => {
          setPercent(null);
          input.value = '';
        },
      },
    );
  }

  return (
    <Form.Group className="mb-3" controlId="portal-logo">
      <Form.Label>Logo</Form.Label>
      <p className="small text-muted mb-2" id="portal-logo-hint">
        {settings.hasLogo ? 'A logo is set. Choose another image to replace it.' : 'No logo yet.'} PNG, JPEG
        or WebP, up to {LOGO_KB} KB.
      </p>
      {!readOnly && (
        <div className="d-flex flex-wrap gap-2 align-items-center">
          <Form.Control
            type="file"
            accept={PORTAL_LOGO_TYPES.join(',')}
            onChange={choose}
            disabled={upload.isPending}
            isInvalid={Boolean(error)}
            aria-describedby={error ? 'portal-logo-hint portal-logo-error' : 'portal-logo-hint'}
            className="w-auto mw-100"
          />
          {settings.hasLogo && (
            <Button
              variant="outline-danger"
              size="sm"
              disabled={remove.isPending || upload.isPending}
              onClick={() => {
                upload.reset();
                remove.mutate(undefined, {
                  onSuccess: () => toast.show({ message: 'Logo removed.', variant: 'success' }),
                });
              }}
            >
              Remove logo
            </Button>
          )}
        </div>
      )}
      {percent !== null && (
        <ProgressBar
          now={percent}
          label={`${percent.toFixed(2)}%`}
          aria-label="Logo upload progress"
          className="mt-2"
        />
      )}
      {error && (
        <div id="portal-logo-error" className="invalid-feedback d-block">
          {errorMessage(error)}
        </div>
      )}
    </Form.Group>
  );
}
