import {
  type ChangeEmailRequest,
  VERIFICATION_PATHS,
  ZChangeEmailRequest,
  ZChangeEmailResponse,
} from '@app/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { Form } from 'react-bootstrap';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { FormErrorAlert } from '../../../components/form-error-alert';
import { SubmitButton } from '../../../components/submit-button';
import { TextField } from '../../../components/text-field';
import { useToast } from '../../../components/toast/toast-context';
import { apiRequest } from '../../../lib/api-client';
import { useServerFieldError } from '../../../lib/use-server-field-error';

const EMPTY: ChangeEmailRequest = { email: '', currentPassword: '' };
const FIELDS = new Set<string>(['email', 'currentPassword']);
const formField = (apiField: string) =>
  FIELDS.has(apiField) ? (apiField as keyof ChangeEmailRequest) : undefined;

/**
 * Settings → Email (decision 033): the new address gets a link, and the account's address changes,
 * verified, when it is opened; the old address is told. Until then nothing changes.
 */
export function ChangeEmailForm({ current }: { current: string }) {
  const toast = useToast();
  const mutation = useMutation({
    mutationFn: (body: z.output<typeof ZChangeEmailRequest>) =>
      apiRequest(VERIFICATION_PATHS.changeEmail, { body, schema: ZChangeEmailResponse }),
  });
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<ChangeEmailRequest, unknown, z.output<typeof ZChangeEmailRequest>>({
    resolver: zodResolver(ZChangeEmailRequest),
    defaultValues: EMPTY,
  });

  const shownOnField = useServerFieldError(mutation.error, setError, formField);

  const onSubmit = handleSubmit((values) =>
    mutation.mutate(values, {
      onSuccess: (reply) => {
        reset(EMPTY);
        toast.show({ title: 'Check your new address', message: reply.message });
      },
    }),
  );

  return (
    <Form noValidate onSubmit={onSubmit} aria-labelledby="change-email-title">
      <h3 id="change-email-title" className="h5">
        Email
      </h3>
      <p className="small text-muted">
        Now {current}. The new address gets a link; it becomes your address when you open it.
      </p>
      <FormErrorAlert error={shownOnField ? null : mutation.error} />
      <TextField
        controlId="settings-new-email"
        label="New email address"
        type="email"
        autoComplete="email"
        registration={register('email')}
        error={errors.email?.message}
      />
      <TextField
        controlId="settings-email-password"
        label="Current password"
        type="password"
        autoComplete="current-password"
        registration={register('currentPassword')}
        error={errors.currentPassword?.message}
      />
      <SubmitButton pending={mutation.isPending} pendingLabel="Sending">
        Send the link
      </SubmitButton>
    </Form>
  );
}
