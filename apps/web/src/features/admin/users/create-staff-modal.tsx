import { type CreateStaffRequest, ZCreateStaffRequest } from '@app/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { FormDialog } from '../../../components/form-dialog';
import { TextField } from '../../../components/text-field';
import { useToast } from '../../../components/toast/toast-context';
import { useCreateStaff } from './api';

/** Creates a staff account (user type e) with a designation; the dialog closes on success. */
export function CreateStaffModal({ show, onClose }: { show: boolean; onClose: () => void }) {
  const toast = useToast();
  const mutation = useCreateStaff();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<CreateStaffRequest, unknown, z.output<typeof ZCreateStaffRequest>>({
    resolver: zodResolver(ZCreateStaffRequest),
  });
  const close = () => {
    reset();
    mutation.reset();
    onClose();
  };
  const submit = handleSubmit((values) =>
    mutation.mutate(values, {
      onSuccess: (reply) => {
        toast.show({ variant: 'success', message: reply.message ?? 'Staff account created!' });
        close();
      },
    }),
  );
  return (
    <FormDialog
      show={show}
      onHide={close}
      title="New staff account"
      onSubmit={submit}
      error={mutation.error}
      pending={mutation.isPending}
      submitLabel="Create account"
      pendingLabel="Creating"
    >
      <TextField
        controlId="staff-first-name"
        label="First name"
        registration={register('firstName')}
        error={errors.firstName?.message}
      />
      <TextField
        controlId="staff-last-name"
        label="Last name"
        registration={register('lastName')}
        error={errors.lastName?.message}
      />
      <TextField
        controlId="staff-email"
        label="Email"
        type="email"
        registration={register('email')}
        error={errors.email?.message}
      />
      <TextField
        controlId="staff-designation"
        label="Designation"
        placeholder="e.g. Backend developer, UI designer"
        registration={register('designation')}
        error={errors.designation?.message}
      />
      <TextField
        controlId="staff-password"
        label="Initial password"
        type="password"
        autoComplete="new-password"
        hint="Give it to the person; they can change it and set a security question in Settings."
        registration={register('password')}
        error={errors.password?.message}
      />
    </FormDialog>
  );
}
