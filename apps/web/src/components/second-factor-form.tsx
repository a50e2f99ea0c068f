import {
  type PasskeyAssertion,
  type SecondFactorProof,
  type SecondFactorStep,
  zRecoveryCode,
  zTotpCode,
} from '@app/contract';
import { type PublicKeyCredentialRequestOptionsJSON, startAuthentication } from '@simplewebauthn/browser';
import { type FormEvent, useId, useRef, useState } from 'react';
import { Button, Form } from 'react-bootstrap';
import { FormErrorAlert } from './form-error-alert';
import { SubmitButton } from './submit-button';

interface SecondFactorFormProps {
  step: SecondFactorStep;
  /** Called with a proof the person gave; the caller sends it (sign-in, admin login, reset). */
  onProof: (proof: SecondFactorProof) => void;
  pending: boolean;
  /** The server's refusal of the last proof. */
  error: unknown;
  /** "Start again" (back to the password). */
  onCancel?: () => void;
  /** The submit button's words (e.g. "Verify" or "Set new password"). */
  submitLabel?: string;
}

/** The browser's passkey prompt, its reply as the contract carries it. */
export async function passkeyAssertion(options: NonNullable<SecondFactorStep['passkeyOptions']>) {
  // The contract's options are the JSON the server's library made; the browser library reads them as they are.
  const reply = await startAuthentication({ optionsJSON: options as PublicKeyCredentialRequestOptionsJSON });
  const assertion: PasskeyAssertion = {
    id: reply.id,
    rawId: reply.rawId,
    type: 'public-key',
    response: {
      clientDataJSON: reply.response.clientDataJSON,
      authenticatorData: reply.response.authenticatorData,
      signature: reply.response.signature,
      ...(reply.response.userHandle ? { userHandle: reply.response.userHandle } : {}),
    },
    ...(reply.authenticatorAttachment ? { authenticatorAttachment: reply.authenticatorAttachment } : {}),
    clientExtensionResults: {},
  };
  return assertion;
}

/**
 * The second step of signing in (and of the reset) for a person with a second factor: a code from
 * their authenticator app, one of their recovery codes, or a passkey.
 */
export function SecondFactorForm({
  step,
  onProof,
  pending,
  error,
  onCancel,
  submitLabel = 'Verify',
}: SecondFactorFormProps) {
  const hasTotp = step.methods.includes('totp');
  const hasRecovery = step.methods.includes('recovery');
  const hasPasskey = step.methods.includes('passkey') && step.passkeyOptions !== undefined;
  const [mode, setMode] = useState<'totp' | 'recovery'>(hasTotp ? 'totp' : 'recovery');
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [passkeyError, setPasskeyError] = useState<string | null>(null);
  const [asking, setAsking] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const id = useId();
  const inputId = `${id}-code`;
  const errorId = `${id}-code-error`;
  const codeMethods = hasTotp || hasRecovery;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = (mode === 'totp' ? zTotpCode : zRecoveryCode).safeParse(code);
    if (!parsed.success) {
      setFieldError(parsed.error.issues[0]?.message ?? 'Enter the code');
      inputRef.current?.focus();
      return;
    }
    setFieldError(null);
    onProof({ method: mode, code: parsed.data });
  };

  const askPasskey = async () => {
    if (!step.passkeyOptions) return;
    setPasskeyError(null);
    setAsking(true);
    try {
      onProof({ method: 'passkey', assertion: await passkeyAssertion(step.passkeyOptions) });
    } catch {
      setPasskeyError(
        'The passkey was not used (cancelled or not available on this device); try again or use a code.',
      );
    } finally {
      setAsking(false);
    }
  };

  return (
    <Form noValidate onSubmit={submit} aria-label="Second factor">
      <h2 className="h5">Two-factor sign-in</h2>
      <FormErrorAlert error={error} />
      {passkeyError && (
        <p className="text-danger small" role="alert">
          {passkeyError}
        </p>
      )}
      {codeMethods && (
        <>
          <Form.Group className="mb-3" controlId={inputId}>
            <Form.Label>{mode === 'totp' ? 'Code from your authenticator app' : 'Recovery code'}</Form.Label>
            {/* Keyed by the kind of code: the input has focus when the step appears and when it changes. */}
            <Form.Control
              key={mode}
              ref={inputRef}
              autoFocus
              value={code}
              onChange={(event) => setCode(event.target.value)}
              autoComplete={mode === 'totp' ? 'one-time-code' : 'off'}
              inputMode={mode === 'totp' ? 'numeric' : 'text'}
              spellCheck={false}
              isInvalid={Boolean(fieldError)}
              aria-invalid={fieldError ? true : undefined}
              aria-describedby={fieldError ? errorId : undefined}
            />
            <Form.Control.Feedback type="invalid" id={errorId}>
              {fieldError}
            </Form.Control.Feedback>
          </Form.Group>
          <SubmitButton pending={pending} pendingLabel="Checking" className="w-100">
            {submitLabel}
          </SubmitButton>
          {hasTotp && hasRecovery && (
            <Button
              variant="link"
              className="px-0 mt-2"
              onClick={() => {
                setMode(mode === 'totp' ? 'recovery' : 'totp');
                setCode('');
                setFieldError(null);
              }}
            >
              {mode === 'totp' ? 'Use a recovery code' : 'Use a code from the app'}
            </Button>
          )}
        </>
      )}
      {hasPasskey && (
        <Button
          variant={codeMethods ? 'outline-primary' : 'primary'}
          className="w-100 mt-2"
          disabled={pending || asking}
          onClick={() => void askPasskey()}
        >
          {asking ? 'Waiting for the passkey…' : 'Use a passkey'}
        </Button>
      )}
      {onCancel && (
        <Button variant="link" className="px-0 mt-2 d-block" onClick={onCancel}>
          Start again
        </Button>
      )}
    </Form>
  );
}
