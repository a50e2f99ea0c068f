import { type ResetPasswordFlowRequest, type SecondFactorStep, ZResetPasswordStep2 } from '@app/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Button, Form, Modal } from 'react-bootstrap';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { FormErrorAlert } from '../../../components/form-error-alert';
import { SecondFactorForm } from '../../../components/second-factor-form';
import { TextField } from '../../../components/text-field';
import { resetPassword } from '../api';

type Step2Input = z.input<typeof ZResetPasswordStep2>;
type Step2Values = z.output<typeof ZResetPasswordStep2>;

interface ResetPasswordStepProps {
  email: string;
  question: string;
  onDone: (message: string | undefined) => void;
  onCancel: () => void;
}

/**
 * Step 2 (docs/product-contract.md §States, Forgot password): the question read-only, then the answer
 * and the new password twice.
 */
export function ResetPasswordStep({ email, question, onDone, onCancel }: ResetPasswordStepProps) {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<Step2Input, unknown, Step2Values>({
    resolver: zodResolver(ZResetPasswordStep2),
    // The email from step 1 travels with the form values; it has no input of its own.
    defaultValues: { email, answer: '', password1: '', password2: '' },
  });
  // A person with a second factor: the right answer brings its step; step 2 goes again with a proof.
  const [second, setSecond] = useState<{ step: SecondFactorStep; values: Step2Values } | null>(null);
  const mutation = useMutation({
    mutationFn: (body: ResetPasswordFlowRequest) => resetPassword(body),
    onSuccess: (reply, body) => {
      if (reply.secondFactor && !('secondFactor' in body)) {
        setSecond({ step: reply.secondFactor, values: body as Step2Values });
        return;
      }
      onDone(reply.message);
    },
  });

  if (second) {
    return (
      <Modal.Body>
        <p className="text-muted">
          Your account has two-factor sign-in: confirm it is you before the new password is set.
        </p>
        <SecondFactorForm
          step={second.step}
          pending={mutation.isPending}
          error={mutation.error}
          submitLabel="Set new password"
          onProof={(proof) =>
            mutation.mutate({ ...second.values, secondFactor: { challenge: second.step.challenge, proof } })
          }
          onCancel={onCancel}
        />
      </Modal.Body>
    );
  }

  return (
    <Form noValidate onSubmit={handleSubmit((values) => mutation.mutate(values))}>
      <Modal.Body>
        <FormErrorAlert error={mutation.error} />
        <Form.Group className="mb-3" controlId="reset-question">
          <Form.Label>Security question</Form.Label>
          <Form.Control value={question} readOnly plaintext />
        </Form.Group>
        <TextField
          controlId="reset-answer"
          label="Answer"
          autoComplete="off"
          registration={register('answer')}
          error={errors.answer?.message}
        />
        <TextField
          controlId="reset-password1"
          label="New password"
          type="password"
          autoComplete="new-password"
          registration={register('password1')}
          error={errors.password1?.message}
        />
        <TextField
          controlId="reset-password2"
          label="Confirm new password"
          type="password"
          autoComplete="new-password"
          registration={register('password2')}
          error={errors.password2?.message}
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
