import { type ChangeSecurityQuestionRequest, ZChangeSecurityQuestionRequest } from '@app/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { Form } from 'react-bootstrap';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { FormErrorAlert } from '../../../components/form-error-alert';
import { SubmitButton } from '../../../components/submit-button';
import { TextField } from '../../../components/text-field';
import { useToast } from '../../../components/toast/toast-context';
import { useChangeSecurityQuestion } from '../api';
import { SecurityQuestionDatalist } from './security-question-datalist';
import { SECURITY_QUESTIONS_LIST_ID } from './security-questions';

export function ChangeSecurityQuestionForm({ currentQuestion }: { currentQuestion: string }) {
  const toast = useToast();
  const mutation = useChangeSecurityQuestion();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<ChangeSecurityQuestionRequest, unknown, z.output<typeof ZChangeSecurityQuestionRequest>>({
    resolver: zodResolver(ZChangeSecurityQuestionRequest),
    defaultValues: { currentPassword: '', securityQuestion: currentQuestion, securityQuestionAnswer: '' },
  });

  const onSubmit = handleSubmit((values) =>
    mutation.mutate(values, {
      onSuccess: (reply) => {
        reset({ currentPassword: '', securityQuestion: values.securityQuestion, securityQuestionAnswer: '' });
        toast.show({
          title: 'Security question changed',
          message: reply.message ?? 'Your security question was saved.',
        });
      },
    }),
  );

  return (
    <Form noValidate onSubmit={onSubmit} aria-labelledby="change-question-title">
      <h3 id="change-question-title" className="h5">
        Security question
      </h3>
      <FormErrorAlert error={mutation.error} />
      <TextField
        controlId="settings-question-password"
        label="Current password"
        type="password"
        autoComplete="current-password"
        registration={register('currentPassword')}
        error={errors.currentPassword?.message}
      />
      <TextField
        controlId="settings-question"
        label="Security question"
        list={SECURITY_QUESTIONS_LIST_ID}
        autoComplete="off"
        registration={register('securityQuestion')}
        error={errors.securityQuestion?.message}
      />
      <SecurityQuestionDatalist />
      <TextField
        controlId="settings-question-answer"
        label="Answer"
        autoComplete="off"
        registration={register('securityQuestionAnswer')}
        error={errors.securityQuestionAnswer?.message}
      />
      <SubmitButton pending={mutation.isPending} pendingLabel="Saving">
        Change security question
      </SubmitButton>
    </Form>
  );
}
