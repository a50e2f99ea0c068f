import { type ReactNode, useId } from 'react';
import { Button, Modal, Spinner } from 'react-bootstrap';
import { FormErrorAlert } from './form-error-alert';

interface ConfirmDialogProps {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  /** The Cancel button's word, where a page keeps its words elsewhere (the licensee portal's strings). */
  cancelLabel?: string;
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
  cancelLabel = 'Cancel',
  pending,
  error,
  onConfirm,
  onHide,
}: ConfirmDialogProps) {
  const titleId = useId();
  return (
    <Modal show onHide={onHide} centered aria-labelledby={titleId}>
      <Modal.Header closeButton>
        <Modal.Title id={titleId}>{title}</Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <FormErrorAlert error={error} />
        {children}
      </Modal.Body>
      <Modal.Footer>
        <Button variant="secondary" onClick={onHide} autoFocus>
          {cancelLabel}
        </Button>
        <Button variant="danger" onClick={onConfirm} disabled={pending}>
          {pending && <Spinner size="sm" className="me-2" aria-hidden="true" />}
          {confirmLabel}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
