import { ZResetPasswordStep1 } from '@app/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { Button, Form, Modal } from 'react-bootstrap';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { FormErrorAlert } from '../../../components/form-error-alert';
import { TextField } from '../../../components/text-field';
import { ApiError } from '../../../lib/api-error';
import { resetPassword } from '../api';

type Step1Input = z.input<typeof ZResetPasswordStep1>;
type Step1Values = z.output<typeof ZResetPasswordStep1>;

interface ResetEmailStepProps {
  onPassed: (email: string, question: string) => void;
  onCancel: () => void;
}

/**
 * Step 1 (docs/product-contract.md §States, Forgot password): send the email; status ok with
 * emailValidation 'pass' opens step 2.
 */
export function ResetEmailStep({ onPassed, onCancel }: ResetEmailStepProps) {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<Step1Input, unknown, Step1Values>({
    resolver: zodResolver(ZResetPasswordStep1),
    defaultValues: { emailValidation: true, email: '' },
  });
  const mutation = useMutation({
    mutationFn: async (values: Step1Values) => {
      const reply = await resetPassword(values);
      if (reply.emailValidation !== 'pass' || !reply.question) {
        throw new ApiError(200, reply.message ?? 'That email could not be verified.');
      }
      return { email: values.email, question: reply.question };
    },
    onSuccess: (result) => onPassed(result.email, result.question),
  });

  return (
    <Form noValidate onSubmit={handleSubmit((values) => mutation.mutate(values))}>
      <Modal.Body>
        <FormErrorAlert error={mutation.error} />
        <p className="text-muted">Enter the email of your account to answer your security question.</p>
        <TextField
          controlId="reset-email"
          label="Email"
          type="email"
          autoComplete="email"
          registration={register('email')}
          error={errors.email?.message}
        />
      </Modal.Body>
      <Modal.Footer>
        <Button variant="outline-secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={mutation.isPending}>
          NEXT
        </Button>
      </Modal.Footer>
    </Form>
  );
}
