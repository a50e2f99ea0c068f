import { type FormEvent, useId, useState } from 'react';
import { Alert, Button, Form, InputGroup } from 'react-bootstrap';
import { useToast } from '../../../components/toast/toast-context';
import { errorMessage } from '../../../lib/api-error';

interface VerifyBannerProps {
  onRequestCode: () => Promise<unknown>;
  onVerify: (code: string) => Promise<unknown>;
}

/** Earlier messages stay hidden until the visitor proves the email with the mailed 6-digit code. */
export function VerifyBanner({ onRequestCode, onVerify }: VerifyBannerProps) {
  const id = useId();
  const toast = useToast();
  const [sent, setSent] = useState(false);
  const [code, setCode] = useState('');
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const run = async (action: () => Promise<unknown>, after: () => void) => {
    setPending(true);
    setError(null);
    try {
      await action();
      after();
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setPending(false);
    }
  };

  const verify = (event: FormEvent) => {
    event.preventDefault();
    void run(
      () => onVerify(code.trim()),
      () => toast.show({ message: 'Your earlier messages are now shown', variant: 'success' }),
    );
  };

  return (
    <Alert variant="info" className="m-2 mb-0 small">
      <p className="mb-2">
        Earlier messages for this email are hidden. We can email you a code to show them.
      </p>
      {error && <div className="text-danger mb-2">{error}</div>}
      {!sent ? (
        <Button
          size="sm"
          variant="outline-primary"
          disabled={pending}
          onClick={() => run(onRequestCode, () => setSent(true))}
        >
          Email me a code
        </Button>
      ) : (
        <Form onSubmit={verify}>
          <Form.Label htmlFor={`${id}-code`}>6-digit code</Form.Label>
          <InputGroup size="sm">
            <Form.Control
              id={`${id}-code`}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              value={code}
              onChange={(event) => setCode(event.target.value.replace(/\D/g, ''))}
            />
            <Button type="submit" disabled={pending || code.length !== 6}>
              Verify
            </Button>
          </InputGroup>
        </Form>
      )}
    </Alert>
  );
}
