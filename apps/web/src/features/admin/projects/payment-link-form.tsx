import { PROJECT_PATHS, ZPaymentLinkRequest } from '@app/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { Form } from 'react-bootstrap';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { FormErrorAlert } from '../../../components/form-error-alert';
import { SubmitButton } from '../../../components/submit-button';
import { TextField } from '../../../components/text-field';
import { useProjectAction } from './api';

type Values = z.input<typeof ZPaymentLinkRequest>;

/** Payment link (https only); the client then sees 'Pay Now'. */
export function PaymentLinkForm({ projectId, current }: { projectId: string; current: string | null }) {
  const mutation = useProjectAction<z.output<typeof ZPaymentLinkRequest>>(PROJECT_PATHS.adminPaymentLink);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<Values, unknown, z.output<typeof ZPaymentLinkRequest>>({
    resolver: zodResolver(ZPaymentLinkRequest),
    defaultValues: { projectID: projectId, paymentLink: current ?? '' },
  });
  return (
    <Form noValidate onSubmit={handleSubmit((values) => mutation.mutate(values))} aria-label="Payment link">
      <FormErrorAlert error={mutation.error} />
      <TextField
        controlId={`payment-link-${projectId}`}
        label="Payment link"
        type="url"
        placeholder="https://"
        registration={register('paymentLink')}
        error={errors.paymentLink?.message}
      />
      <SubmitButton pending={mutation.isPending} pendingLabel="Saving">
        {current ? 'Replace link' : 'Add link'}
      </SubmitButton>
    </Form>
  );
}
