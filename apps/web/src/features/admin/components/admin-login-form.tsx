import {
  type AdminAuthenticateRequest,
  needsSecondFactor,
  type SecondFactorStep,
  ZAdminAuthenticateRequest,
} from '@app/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { Form } from 'react-bootstrap';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { FormErrorAlert } from '../../../components/form-error-alert';
import { SubmitButton } from '../../../components/submit-button';
import { TextField } from '../../../components/text-field';
import { ApiError } from '../../../lib/api-error';
import { storeTokens } from '../../../lib/session';
import { adminAuthenticate } from '../api';

export function AdminLoginForm({
  onSuccess,
  onSecondFactor,
}: {
  onSuccess: () => void;
  /** The password was right and the admin has a second factor: its step comes next. */
  onSecondFactor: (step: SecondFactorStep) => void;
}) {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<AdminAuthenticateRequest, unknown, z.output<typeof ZAdminAuthenticateRequest>>({
    resolver: zodResolver(ZAdminAuthenticateRequest),
    defaultValues: { username: '', email: '', password: '' },
  });
  const mutation = useMutation({
    mutationFn: async (values: AdminAuthenticateRequest) => {
      const reply = await adminAuthenticate(values);
      if (needsSecondFactor(reply)) return reply;
      // Defence in depth: only an admin token may open the admin panel.
      if (reply.user_type !== 'a') throw new ApiError(403, 'This account is not an administrator.');
      return reply;
    },
    onSuccess: (reply) => {
      if (needsSecondFactor(reply)) {
        onSecondFactor(reply.secondFactor);
        return;
      }
      // The admin login has no Remember me: its session ends with the browser (decision 004).
      storeTokens(reply, { remember: false });
      onSuccess();
    },
  });

  return (
    <Form noValidate onSubmit={handleSubmit((values) => mutation.mutate(values))}>
      <FormErrorAlert error={mutation.error} />
      <TextField
        controlId="admin-username"
        label="Username"
        autoComplete="username"
        registration={register('username')}
        error={errors.username?.message}
      />
      <TextField
        controlId="admin-email"
        label="Email"
        type="email"
        autoComplete="email"
        registration={register('email')}
        error={errors.email?.message}
      />
      <TextField
        controlId="admin-password"
        label="Password"
        type="password"
        autoComplete="current-password"
        registration={register('password')}
        error={errors.password?.message}
      />
      <SubmitButton pending={mutation.isPending} pendingLabel="Signing In" className="w-100">
        Sign In
      </SubmitButton>
    </Form>
  );
}
