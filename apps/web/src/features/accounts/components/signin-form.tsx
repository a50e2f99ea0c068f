import { type SigninOutcome, type SigninRequest, ZSigninRequest } from '@app/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { Form } from 'react-bootstrap';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { FormErrorAlert } from '../../../components/form-error-alert';
import { SubmitButton } from '../../../components/submit-button';
import { TextField } from '../../../components/text-field';
import { signin } from '../api';

type SigninValues = z.output<typeof ZSigninRequest>;

export function SigninForm({
  onSuccess,
  defaultEmail = '',
}: {
  /**
   * `remember`: the Remember me box, which decides how long the web session lasts (decision 004).
   * The reply is tokens, or the second-factor step for a person with one.
   */
  onSuccess: (reply: SigninOutcome, remember: boolean) => void;
  defaultEmail?: string;
}) {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<SigninRequest, unknown, SigninValues>({
    resolver: zodResolver(ZSigninRequest),
    defaultValues: { email: defaultEmail, password: '', rememberMe: false },
  });
  const mutation = useMutation({
    mutationFn: signin,
    onSuccess: (reply, values) => onSuccess(reply, values.rememberMe === true),
  });

  return (
    <Form noValidate onSubmit={handleSubmit((values) => mutation.mutate(values))}>
      <FormErrorAlert error={mutation.error} />
      <TextField
        controlId="signin-email"
        label="Email"
        type="email"
        autoComplete="email"
        registration={register('email')}
        error={errors.email?.message}
      />
      <TextField
        controlId="signin-password"
        label="Password"
        type="password"
        autoComplete="current-password"
        registration={register('password')}
        error={errors.password?.message}
      />
      <Form.Group className="mb-3" controlId="signin-remember-me">
        <Form.Check type="checkbox" label="Remember me" {...register('rememberMe')} />
      </Form.Group>
      {/* docs/product-contract.md §Screens (Sign in): while pending the button reads 'Signing In'. */}
      <SubmitButton pending={mutation.isPending} pendingLabel="Signing In" className="w-100">
        Sign In
      </SubmitButton>
    </Form>
  );
}
