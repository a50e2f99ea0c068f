import type { PropertyKind } from '@app/contract';
import { useId } from 'react';
import { Button, Modal } from 'react-bootstrap';
import { useToast } from '../../../app/providers/toast-context';
import { FormErrorAlert } from '../../../components/form-error-alert';
import { useDeleteProperties } from '../api';

interface DeletePropertiesModalProps {
  businessId: string;
  kind: PropertyKind;
  ids: string[];
  onHide: () => void;
  onDone: () => void;
}

/** Confirms deleting the ticked listings; their photos go too. */
export function DeletePropertiesModal({ businessId, kind, ids, onHide, onDone }: DeletePropertiesModalProps) {
  const titleId = useId();
  const toast = useToast();
  const mutation = useDeleteProperties(businessId, kind);
  const confirm = () =>
    mutation.mutate(ids, {
      onSuccess: (reply) => {
        toast.show({ message: reply.message, variant: 'success' });
        onDone();
        onHide();
      },
    });
  return (
    <Modal show onHide={onHide} centered aria-labelledby={titleId}>
      <Modal.Header closeButton>
        <Modal.Title id={titleId}>Delete listings</Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <FormErrorAlert error={mutation.error} />
        <p className="mb-0">
          Delete {ids.length} ticked listing{ids.length === 1 ? '' : 's'} and their photos? This cannot be
          undone.
        </p>
      </Modal.Body>
      <Modal.Footer>
        <Button variant="outline-secondary" onClick={onHide}>
          Cancel
        </Button>
        <Button variant="danger" onClick={confirm} disabled={mutation.isPending}>
          {mutation.isPending ? 'Deleting…' : 'Delete'}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
