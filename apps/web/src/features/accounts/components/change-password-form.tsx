import { type ChangePasswordRequest, ZChangePasswordRequest } from '@app/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { Form } from 'react-bootstrap';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { FormErrorAlert } from '../../../components/form-error-alert';
import { SubmitButton } from '../../../components/submit-button';
import { TextField } from '../../../components/text-field';
import { useToast } from '../../../components/toast/toast-context';
import { useChangePassword } from '../api';

const EMPTY: ChangePasswordRequest = { currentPassword: '', password1: '', password2: '' };

export function ChangePasswordForm() {
  const toast = useToast();
  const mutation = useChangePassword();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<ChangePasswordRequest, unknown, z.output<typeof ZChangePasswordRequest>>({
    resolver: zodResolver(ZChangePasswordRequest),
    defaultValues: EMPTY,
  });

  const onSubmit = handleSubmit((values) =>
    mutation.mutate(values, {
      onSuccess: (reply) => {
        // Passwords are never left in the form after a change.
        reset(EMPTY);
        toast.show({ title: 'Password changed', message: reply.message ?? 'Your password was changed.' });
      },
    }),
  );

  return (
    <Form noValidate onSubmit={onSubmit} aria-labelledby="change-password-title">
      <h3 id="change-password-title" className="h5">
        Password
      </h3>
      <FormErrorAlert error={mutation.error} />
      <TextField
        controlId="settings-current-password"
        label="Current password"
        type="password"
        autoComplete="current-password"
        registration={register('currentPassword')}
        error={errors.currentPassword?.message}
      />
      <TextField
        controlId="settings-new-password"
        label="New password"
        type="password"
        autoComplete="new-password"
        registration={register('password1')}
        error={errors.password1?.message}
      />
      <TextField
        controlId="settings-confirm-password"
        label="Confirm new password"
        type="password"
        autoComplete="new-password"
        registration={register('password2')}
        error={errors.password2?.message}
      />
      <SubmitButton pending={mutation.isPending} pendingLabel="Saving">
        Change password
      </SubmitButton>
    </Form>
  );
}
