import { type ReactNode, useState } from 'react';
import { Button, Spinner } from 'react-bootstrap';
import { downloadProtectedFile } from '../lib/protected-file';
import { useToast } from './toast/toast-context';

interface DownloadButtonProps {
  /** The API path of the file (it needs the bearer token, so it is fetched, not linked). */
  path: string;
  fileName: string;
  children: ReactNode;
  /** Said to screen readers after the visible words, e.g. " of invoice INV-2026-0001". */
  hiddenLabel?: string;
  /** The toast when the server refuses or the network fails. */
  failure?: string;
  size?: 'sm';
  variant?: string;
}

/** Downloads a protected file (a quote's or an invoice's PDF, a CSV export) under `fileName`. */
export function DownloadButton({
  path,
  fileName,
  children,
  hiddenLabel,
  failure = 'The file could not be downloaded. Try again.',
  size,
  variant = 'outline-secondary',
}: DownloadButtonProps) {
  const [pending, setPending] = useState(false);
  const toast = useToast();
  async function download() {
    setPending(true);
    try {
      await downloadProtectedFile(path, fileName);
    } catch {
      toast.show({ message: failure, variant: 'danger' });
    } finally {
      setPending(false);
    }
  }
  return (
    <Button size={size} variant={variant} disabled={pending} onClick={() => void download()}>
      {pending && <Spinner as="span" animation="border" size="sm" className="me-1" aria-hidden="true" />}
      {children}
      {hiddenLabel && <span className="visually-hidden">{hiddenLabel}</span>}
    </Button>
  );
}
