import { type ChangeNameRequest, ZChangeNameRequest } from '@app/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { Form } from 'react-bootstrap';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { FormErrorAlert } from '../../../components/form-error-alert';
import { SubmitButton } from '../../../components/submit-button';
import { TextField } from '../../../components/text-field';
import { useToast } from '../../../components/toast/toast-context';
import { useChangeName } from '../api';

export function ChangeNameForm({ current }: { current: ChangeNameRequest }) {
  const toast = useToast();
  const mutation = useChangeName();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ChangeNameRequest, unknown, z.output<typeof ZChangeNameRequest>>({
    resolver: zodResolver(ZChangeNameRequest),
    defaultValues: current,
  });

  const onSubmit = handleSubmit((values) =>
    mutation.mutate(values, {
      onSuccess: (reply) =>
        toast.show({ title: 'Name updated', message: reply.message ?? 'Your name was saved.' }),
    }),
  );

  return (
    <Form noValidate onSubmit={onSubmit} aria-labelledby="change-name-title">
      <h3 id="change-name-title" className="h5">
        Name
      </h3>
      <FormErrorAlert error={mutation.error} />
      <TextField
        controlId="settings-first-name"
        label="First name"
        autoComplete="given-name"
        registration={register('firstName')}
        error={errors.firstName?.message}
      />
      <TextField
        controlId="settings-last-name"
        label="Last name"
        autoComplete="family-name"
        registration={register('lastName')}
        error={errors.lastName?.message}
      />
      <SubmitButton pending={mutation.isPending} pendingLabel="Saving">
        Save name
      </SubmitButton>
    </Form>
  );
}
