import { type AddKeyRequest, ZAddKeyRequest } from '@app/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Form, Modal } from 'react-bootstrap';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { useToast } from '../../../app/providers/toast-context';
import { FormErrorAlert } from '../../../components/form-error-alert';
import { SubmitButton } from '../../../components/submit-button';
import { TextField } from '../../../components/text-field';
import { useAddKey } from '../api';

/** Add-key dialog; a refusal (e.g. the plan's key limit) shows in the red banner (spec §8). */
export function AddKeyDialog({ show, onHide }: { show: boolean; onHide: () => void }) {
  const toast = useToast();
  const mutation = useAddKey();
  const form = useForm<AddKeyRequest, unknown, z.output<typeof ZAddKeyRequest>>({
    resolver: zodResolver(ZAddKeyRequest),
    defaultValues: { maxActivations: 1, isActivated: true, name: '' },
  });
  const { errors } = form.formState;

  const close = () => {
    mutation.reset();
    form.reset();
    onHide();
  };
  const onSubmit = form.handleSubmit((values) =>
    mutation.mutate(values, {
      onSuccess: (reply) => {
        toast.show({ message: `Key ${reply.key.key} created` });
        close();
      },
    }),
  );

  return (
    <Modal show={show} onHide={close} aria-labelledby="add-key-title">
      <Form noValidate onSubmit={onSubmit}>
        <Modal.Header closeButton>
          <Modal.Title id="add-key-title">Add key</Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <FormErrorAlert error={mutation.error} />
          <TextField
            controlId="add-key-max"
            label="Max activations"
            type="number"
            hint="0 means unlimited."
            autoFocus
            registration={form.register('maxActivations', { valueAsNumber: true })}
            error={errors.maxActivations?.message}
          />
          <TextField
            controlId="add-key-name"
            label="Name (optional)"
            registration={form.register('name')}
            error={errors.name?.message}
          />
          <Form.Check
            type="switch"
            id="add-key-active"
            label="Active (usable for activation)"
            {...form.register('isActivated')}
          />
        </Modal.Body>
        <Modal.Footer>
          <Button variant="secondary" onClick={close}>
            Cancel
          </Button>
          <SubmitButton pending={mutation.isPending} pendingLabel="Creating">
            Create key
          </SubmitButton>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
