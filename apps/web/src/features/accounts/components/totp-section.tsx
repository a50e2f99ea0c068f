import { type SecurityStatus, type TotpSetupResponse, zTotpCode } from '@app/contract';
import { type FormEvent, useState } from 'react';
import { Badge, Button, Card, Form } from 'react-bootstrap';
import { FormDialog } from '../../../components/form-dialog';
import { FormErrorAlert } from '../../../components/form-error-alert';
import { SubmitButton } from '../../../components/submit-button';
import { useToast } from '../../../components/toast/toast-context';
import { useRegenerateRecoveryCodes, useTotpConfirm, useTotpDisable, useTotpSetup } from '../two-factor-api';
import { RecoveryCodesPanel } from './recovery-codes-panel';

/** The authenticator app: set up (QR code, secret, first code), turn off, new recovery codes. */
export function TotpSection({ security }: { security: SecurityStatus }) {
  const toast = useToast();
  const setup = useTotpSetup();
  const confirm = useTotpConfirm();
  const [pending, setPending] = useState<TotpSetupResponse | null>(null);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [dialog, setDialog] = useState<'disable' | 'regenerate' | null>(null);

  const start = () =>
    setup.mutate(undefined, {
      onSuccess: (reply) => {
        setPending(reply);
        setCode('');
      },
    });
  const submitCode = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = zTotpCode.safeParse(code);
    if (!parsed.success) {
      setCodeError(parsed.error.issues[0]?.message ?? 'Enter the code');
      return;
    }
    setCodeError(null);
    confirm.mutate(
      { code: parsed.data },
      {
        onSuccess: (reply) => {
          setPending(null);
          setCodes(reply.recoveryCodes);
          toast.show({ title: 'Two-factor sign-in', message: reply.message, variant: 'success' });
        },
      },
    );
  };

  return (
    <Card className="mb-4">
      <Card.Body>
        <Card.Title as="h2" className="h5 d-flex align-items-center gap-2">
          Authenticator app{' '}
          {security.totpEnabled ? <Badge bg="success">On</Badge> : <Badge bg="secondary">Off</Badge>}
        </Card.Title>
        <Card.Text className="text-muted">
          Sign in with a 6-digit code from an app such as Google Authenticator, 1Password or Authy.
        </Card.Text>
        {security.totpEnabled ? (
          <>
            <p className="mb-2">Recovery codes left: {security.recoveryCodesLeft}</p>
            <div className="d-flex flex-wrap gap-2">
              <Button variant="outline-primary" onClick={() => setDialog('regenerate')}>
                New recovery codes
              </Button>
              <Button variant="outline-danger" onClick={() => setDialog('disable')}>
                Turn off
              </Button>
            </div>
          </>
        ) : pending ? (
          <Form noValidate onSubmit={submitCode} aria-label="Set up the authenticator app">
            <FormErrorAlert error={confirm.error} />
            <ol className="ps-3">
              <li>Scan this QR code with your authenticator app.</li>
              <li>
                Or type this key into the app: <code className="user-select-all">{pending.secret}</code>
              </li>
              <li>Enter the 6-digit code the app shows.</li>
            </ol>
            <img src={pending.qrCode} alt="QR code for your authenticator app" width={180} height={180} />
            <Form.Group className="my-3" controlId="totp-confirm-code" style={{ maxWidth: '16rem' }}>
              <Form.Label>Code from the app</Form.Label>
              <Form.Control
                value={code}
                onChange={(event) => setCode(event.target.value)}
                autoComplete="one-time-code"
                inputMode="numeric"
                autoFocus
                isInvalid={Boolean(codeError)}
                aria-invalid={codeError ? true : undefined}
                aria-describedby={codeError ? 'totp-confirm-code-error' : undefined}
              />
              <Form.Control.Feedback type="invalid" id="totp-confirm-code-error">
                {codeError}
              </Form.Control.Feedback>
            </Form.Group>
            <div className="d-flex gap-2">
              <SubmitButton pending={confirm.isPending} pendingLabel="Checking">
                Turn on
              </SubmitButton>
              <Button variant="outline-secondary" onClick={() => setPending(null)}>
                Cancel
              </Button>
            </div>
          </Form>
        ) : (
          <>
            <FormErrorAlert error={setup.error} />
            <Button onClick={start} disabled={setup.isPending}>
              {setup.isPending ? 'Preparing…' : 'Set up authenticator app'}
            </Button>
          </>
        )}
        {codes && <RecoveryCodesPanel codes={codes} onDone={() => setCodes(null)} />}
      </Card.Body>
      {dialog === 'disable' && <DisableTotpDialog onHide={() => setDialog(null)} />}
      {dialog === 'regenerate' && (
        <RegenerateCodesDialog
          onHide={() => setDialog(null)}
          onCodes={(fresh) => {
            setDialog(null);
            setCodes(fresh);
          }}
        />
      )}
    </Card>
  );
}

function DisableTotpDialog({ onHide }: { onHide: () => void }) {
  const toast = useToast();
  const disable = useTotpDisable();
  const [way, setWay] = useState<'password' | 'code'>('password');
  const [value, setValue] = useState('');
  return (
    <FormDialog
      title="Turn off the authenticator app"
      onHide={onHide}
      pending={disable.isPending}
      error={disable.error}
      submitLabel="Turn off"
      pendingLabel="Turning off"
      intro={<p>Your recovery codes stop working too, unless you also have a passkey.</p>}
      onSubmit={() =>
        disable.mutate(way === 'password' ? { password: value } : { code: value.replace(/\s+/g, '') }, {
          onSuccess: (reply) => {
            toast.show({
              title: 'Two-factor sign-in',
              message: reply.message ?? 'The authenticator app is off',
              variant: 'success',
            });
            onHide();
          },
        })
      }
    >
      <Form.Group className="mb-2" controlId="totp-disable-value">
        <Form.Label>{way === 'password' ? 'Current password' : 'Code from the app'}</Form.Label>
        <Form.Control
          type={way === 'password' ? 'password' : 'text'}
          autoComplete={way === 'password' ? 'current-password' : 'one-time-code'}
          inputMode={way === 'password' ? undefined : 'numeric'}
          value={value}
          onChange={(event) => setValue(event.target.value)}
        />
      </Form.Group>
      <Button
        variant="link"
        className="px-0"
        onClick={() => {
          setWay(way === 'password' ? 'code' : 'password');
          setValue('');
        }}
      >
        {way === 'password' ? 'Use a code from the app instead' : 'Use your password instead'}
      </Button>
    </FormDialog>
  );
}

function RegenerateCodesDialog({
  onHide,
  onCodes,
}: {
  onHide: () => void;
  onCodes: (codes: string[]) => void;
}) {
  const regenerate = useRegenerateRecoveryCodes();
  const [password, setPassword] = useState('');
  return (
    <FormDialog
      title="New recovery codes"
      onHide={onHide}
      pending={regenerate.isPending}
      error={regenerate.error}
      submitLabel="Make new codes"
      pendingLabel="Making codes"
      intro={<p>The codes you have now stop working.</p>}
      onSubmit={() => regenerate.mutate({ password }, { onSuccess: (reply) => onCodes(reply.recoveryCodes) })}
    >
      <Form.Group controlId="recovery-codes-password">
        <Form.Label>Current password</Form.Label>
        <Form.Control
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
      </Form.Group>
    </FormDialog>
  );
}
