import type { SignupResponse } from '@app/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { Col, Form, Row } from 'react-bootstrap';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { FormErrorAlert } from '../../../components/form-error-alert';
import { SubmitButton } from '../../../components/submit-button';
import { TextField } from '../../../components/text-field';
import { useServerFieldError } from '../../../lib/use-server-field-error';
import { signup } from '../api';
import { SecurityQuestionDatalist } from './security-question-datalist';
import { SECURITY_QUESTIONS_LIST_ID } from './security-questions';
import { SIGNUP_DEFAULTS, type SignupFormInput, type SignupFormValues, ZSignupForm } from './signup-schema';

/** The API names signup fields under `data` ("data.email"); the form edits `data` itself. */
function signupField(apiField: string): keyof SignupFormInput | undefined {
  const name = apiField.replace(/^data\./, '');
  return name in SIGNUP_DEFAULTS ? (name as keyof SignupFormInput) : undefined;
}

export function SignupForm({
  onSuccess,
}: {
  /** `remember`: the Remember me box, which decides how long the web session lasts (decision 004). */
  onSuccess: (reply: SignupResponse, remember: boolean) => void;
}) {
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<SignupFormInput, unknown, SignupFormValues>({
    resolver: zodResolver(ZSignupForm),
    defaultValues: SIGNUP_DEFAULTS,
  });
  const mutation = useMutation({
    // docs/product-contract.md §Entities (Signup payload): username is the first and last name joined.
    mutationFn: (data: SignupFormValues) =>
      signup({ username: `${data.firstName} ${data.lastName}`, password: data.password, data }),
    onSuccess: (reply, data) => onSuccess(reply, data.rememberMe),
  });
  const shownOnField = useServerFieldError(mutation.error, setError, signupField);

  return (
    <Form noValidate onSubmit={handleSubmit((values) => mutation.mutate(values))}>
      <FormErrorAlert error={shownOnField ? null : mutation.error} />
      <Row>
        <Col sm={6}>
          <TextField
            controlId="signup-first-name"
            label="First name"
            autoComplete="given-name"
            registration={register('firstName')}
            error={errors.firstName?.message}
          />
        </Col>
        <Col sm={6}>
          <TextField
            controlId="signup-last-name"
            label="Last name"
            autoComplete="family-name"
            registration={register('lastName')}
            error={errors.lastName?.message}
          />
        </Col>
      </Row>
      <TextField
        controlId="signup-email"
        label="Email"
        type="email"
        autoComplete="email"
        registration={register('email')}
        error={errors.email?.message}
      />
      <Row>
        <Col sm={6}>
          <TextField
            controlId="signup-password"
            label="Password"
            type="password"
            autoComplete="new-password"
            registration={register('password')}
            error={errors.password?.message}
          />
        </Col>
        <Col sm={6}>
          <TextField
            controlId="signup-confirm-password"
            label="Confirm password"
            type="password"
            autoComplete="new-password"
            registration={register('confirmationPassword')}
            error={errors.confirmationPassword?.message}
          />
        </Col>
      </Row>
      <TextField
        controlId="signup-security-question"
        label="Security question"
        list={SECURITY_QUESTIONS_LIST_ID}
        autoComplete="off"
        hint="Pick a suggestion or write your own. It is asked if you forget your password."
        registration={register('securityQuestion')}
        error={errors.securityQuestion?.message}
      />
      <SecurityQuestionDatalist />
      <TextField
        controlId="signup-security-answer"
        label="Security question answer"
        autoComplete="off"
        registration={register('securityQuestionAnswer')}
        error={errors.securityQuestionAnswer?.message}
      />
      <Form.Group className="mb-3" controlId="signup-remember-me">
        <Form.Check type="checkbox" label="Remember me" {...register('rememberMe')} />
      </Form.Group>
      {/* docs/product-contract.md §Screens (Sign up): a hidden, pre-ticked agree box; the notice
          below states what signing up accepts. */}
      <input
        type="checkbox"
        className="visually-hidden"
        tabIndex={-1}
        aria-hidden="true"
        {...register('agree')}
      />
      <p className="small text-muted">
        By signing up you agree to the <Link to="/terms-and-conditions">Terms and Conditions</Link>.
      </p>
      <SubmitButton pending={mutation.isPending} pendingLabel="Signing Up" className="w-100">
        Sign Up
      </SubmitButton>
    </Form>
  );
}
