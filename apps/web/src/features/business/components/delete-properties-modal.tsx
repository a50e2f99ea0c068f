import type { PropertyKind } from '@app/contract';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useToast } from '../../../components/toast/toast-context';
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
    <ConfirmDialog
      title="Delete listings"
      confirmLabel={mutation.isPending ? 'Deleting…' : 'Delete'}
      pending={mutation.isPending}
      error={mutation.error}
      onConfirm={confirm}
      onHide={onHide}
    >
      <p className="mb-0">
        Delete {ids.length} ticked listing{ids.length === 1 ? '' : 's'} and their photos? This cannot be
        undone.
      </p>
    </ConfirmDialog>
  );
}
