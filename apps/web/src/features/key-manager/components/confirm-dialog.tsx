import type { ReactNode } from 'react';
import { Button, Modal, Spinner } from 'react-bootstrap';
import { FormErrorAlert } from '../../../components/form-error-alert';

interface ConfirmDialogProps {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  pending: boolean;
  error: unknown;
  onConfirm: () => void;
  onHide: () => void;
}

/** A destructive action's confirmation; Cancel has focus first so Enter never deletes by accident. */
export function ConfirmDialog({
  title,
  children,
  confirmLabel,
  pending,
  error,
  onConfirm,
  onHide,
}: ConfirmDialogProps) {
  return (
    <Modal show onHide={onHide} aria-labelledby="confirm-title">
      <Modal.Header closeButton>
        <Modal.Title id="confirm-title">{title}</Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <FormErrorAlert error={error} />
        {children}
      </Modal.Body>
      <Modal.Footer>
        <Button variant="secondary" onClick={onHide} autoFocus>
          Cancel
        </Button>
        <Button variant="danger" onClick={onConfirm} disabled={pending}>
          {pending && <Spinner size="sm" className="me-2" aria-hidden="true" />}
          {confirmLabel}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
