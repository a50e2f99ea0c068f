import { type CreateLeadRequest, type LeadIntent, ZCreateLeadRequest } from '@app/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { Form } from 'react-bootstrap';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { FormDialog } from '../../../components/form-dialog';
import { TextField } from '../../../components/text-field';
import { useToast } from '../../../components/toast/toast-context';
import { useCreateLead } from '../leads-api';

export const INTENT_TITLES: Record<LeadIntent, string> = {
  'early-access': 'Get early access',
  demo: 'Book a demo',
  'reserve-spot': 'Reserve your spot',
};

/** The short form behind the CRM page's three buttons; the intent says which button opened it. */
export function LeadDialog({ intent, onClose }: { intent: LeadIntent | null; onClose: () => void }) {
  const toast = useToast();
  const mutation = useCreateLead();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<CreateLeadRequest, unknown, z.output<typeof ZCreateLeadRequest>>({
    resolver: zodResolver(ZCreateLeadRequest),
    defaultValues: { name: '', email: '', company: '', message: '', intent: intent ?? 'early-access' },
  });

  useEffect(() => {
    if (intent) reset({ name: '', email: '', company: '', message: '', intent });
  }, [intent, reset]);

  const close = () => {
    mutation.reset();
    onClose();
  };
  const onSubmit = handleSubmit((values) =>
    mutation.mutate(values, {
      onSuccess: (reply) => {
        toast.show({ title: 'Request sent', message: reply.message, variant: 'success' });
        close();
      },
    }),
  );

  return (
    <FormDialog
      show={intent !== null}
      onHide={close}
      centered
      title={intent ? INTENT_TITLES[intent] : ''}
      onSubmit={onSubmit}
      error={mutation.error}
      pending={mutation.isPending}
      submitLabel="Send request"
      pendingLabel="Sending"
    >
      <input type="hidden" {...register('intent')} />
      <TextField
        controlId="lead-name"
        label="Your name"
        autoComplete="name"
        registration={register('name')}
        error={errors.name?.message}
      />
      <TextField
        controlId="lead-email"
        label="Work email"
        type="email"
        autoComplete="email"
        registration={register('email')}
        error={errors.email?.message}
      />
      <TextField
        controlId="lead-company"
        label="Agency or company (optional)"
        autoComplete="organization"
        registration={register('company')}
        error={errors.company?.message}
      />
      <Form.Group controlId="lead-message">
        <Form.Label>What should we know? (optional)</Form.Label>
        <Form.Control
          as="textarea"
          rows={3}
          {...register('message')}
          isInvalid={Boolean(errors.message)}
          aria-describedby={errors.message ? 'lead-message-error' : undefined}
        />
        <Form.Control.Feedback type="invalid" id="lead-message-error">
          {errors.message?.message}
        </Form.Control.Feedback>
      </Form.Group>
    </FormDialog>
  );
}
