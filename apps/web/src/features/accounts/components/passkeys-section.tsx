import type { Passkey, PasskeyAttestation, SecurityStatus } from '@app/contract';
import { type PublicKeyCredentialCreationOptionsJSON, startRegistration } from '@simplewebauthn/browser';
import { type FormEvent, useState } from 'react';
import { Button, Card, Form, ListGroup } from 'react-bootstrap';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { FormDialog } from '../../../components/form-dialog';
import { FormErrorAlert } from '../../../components/form-error-alert';
import { SubmitButton } from '../../../components/submit-button';
import { useToast } from '../../../components/toast/toast-context';
import { passkeyOptions, useAddPasskey, useRemovePasskey, useRenamePasskey } from '../two-factor-api';
import { RecoveryCodesPanel } from './recovery-codes-panel';

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

/** Asks the browser for a new passkey and returns it as the contract carries it. */
async function createPasskey(): Promise<PasskeyAttestation> {
  const { options } = await passkeyOptions();
  // The contract's options are the JSON the server's library made; the browser library reads them as they are.
  const reply = await startRegistration({ optionsJSON: options as PublicKeyCredentialCreationOptionsJSON });
  return {
    id: reply.id,
    rawId: reply.rawId,
    type: 'public-key',
    response: {
      clientDataJSON: reply.response.clientDataJSON,
      attestationObject: reply.response.attestationObject,
      ...(reply.response.authenticatorData ? { authenticatorData: reply.response.authenticatorData } : {}),
      ...(reply.response.transports ? { transports: reply.response.transports } : {}),
      ...(reply.response.publicKeyAlgorithm !== undefined
        ? { publicKeyAlgorithm: reply.response.publicKeyAlgorithm }
        : {}),
      ...(reply.response.publicKey ? { publicKey: reply.response.publicKey } : {}),
    },
    ...(reply.authenticatorAttachment ? { authenticatorAttachment: reply.authenticatorAttachment } : {}),
    clientExtensionResults: {},
  };
}

/** Passkeys: add one (named), rename, remove. */
export function PasskeysSection({ security }: { security: SecurityStatus }) {
  const toast = useToast();
  const add = useAddPasskey();
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);
  const [browserError, setBrowserError] = useState<string | null>(null);
  const [asking, setAsking] = useState(false);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [renaming, setRenaming] = useState<Passkey | null>(null);
  const [removing, setRemoving] = useState<Passkey | null>(null);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) {
      setNameError('Name the passkey (for example "Laptop")');
      return;
    }
    setNameError(null);
    setBrowserError(null);
    setAsking(true);
    let attestation: PasskeyAttestation;
    try {
      attestation = await createPasskey();
    } catch (error) {
      setAsking(false);
      setBrowserError(
        error instanceof Error && error.name === 'ApiError'
          ? error.message
          : 'No passkey was created (cancelled, or this device cannot make one).',
      );
      return;
    }
    setAsking(false);
    add.mutate(
      { name: trimmed, attestation },
      {
        onSuccess: (reply) => {
          setName('');
          if (reply.recoveryCodes.length > 0) setCodes(reply.recoveryCodes);
          toast.show({ title: 'Passkeys', message: reply.message, variant: 'success' });
        },
      },
    );
  };

  return (
    <Card className="mb-4">
      <Card.Body>
        <Card.Title as="h2" className="h5">
          Passkeys
        </Card.Title>
        <Card.Text className="text-muted">
          Sign in with your fingerprint, face or security key instead of a code.
        </Card.Text>
        {security.passkeys.length > 0 && (
          <ListGroup as="ul" className="mb-3" aria-label="Your passkeys">
            {security.passkeys.map((key) => (
              <ListGroup.Item as="li" key={key.id} className="d-flex flex-wrap align-items-center gap-2">
                <div className="me-auto">
                  <div className="fw-semibold">{key.name}</div>
                  <small className="text-muted">
                    Added {dateFormat.format(new Date(key.createdAt))}
                    {key.lastUsedAt ? ` · last used ${dateFormat.format(new Date(key.lastUsedAt))}` : ''}
                  </small>
                </div>
                <Button size="sm" variant="outline-secondary" onClick={() => setRenaming(key)}>
                  Rename<span className="visually-hidden"> {key.name}</span>
                </Button>
                <Button size="sm" variant="outline-danger" onClick={() => setRemoving(key)}>
                  Remove<span className="visually-hidden"> {key.name}</span>
                </Button>
              </ListGroup.Item>
            ))}
          </ListGroup>
        )}
        <Form noValidate onSubmit={(event) => void submit(event)} aria-label="Add a passkey">
          <FormErrorAlert error={add.error} />
          {browserError && (
            <p className="text-danger small" role="alert">
              {browserError}
            </p>
          )}
          <Form.Group className="mb-2" controlId="passkey-name" style={{ maxWidth: '20rem' }}>
            <Form.Label>Passkey name</Form.Label>
            <Form.Control
              value={name}
              onChange={(event) => setName(event.target.value)}
              placeholder="Laptop"
              maxLength={60}
              isInvalid={Boolean(nameError)}
              aria-invalid={nameError ? true : undefined}
              aria-describedby={nameError ? 'passkey-name-error' : undefined}
            />
            <Form.Control.Feedback type="invalid" id="passkey-name-error">
              {nameError}
            </Form.Control.Feedback>
          </Form.Group>
          <SubmitButton pending={asking || add.isPending} pendingLabel="Adding passkey">
            Add passkey
          </SubmitButton>
        </Form>
        {codes && <RecoveryCodesPanel codes={codes} onDone={() => setCodes(null)} />}
      </Card.Body>
      {renaming && <RenameDialog passkey={renaming} onHide={() => setRenaming(null)} />}
      {removing && <RemoveDialog passkey={removing} onHide={() => setRemoving(null)} />}
    </Card>
  );
}

function RenameDialog({ passkey, onHide }: { passkey: Passkey; onHide: () => void }) {
  const rename = useRenamePasskey();
  const [name, setName] = useState(passkey.name);
  return (
    <FormDialog
      title="Rename passkey"
      onHide={onHide}
      pending={rename.isPending}
      error={rename.error}
      submitLabel="Save"
      pendingLabel="Saving"
      onSubmit={() => rename.mutate({ id: passkey.id, name }, { onSuccess: onHide })}
    >
      <Form.Group controlId="passkey-rename">
        <Form.Label>Passkey name</Form.Label>
        <Form.Control value={name} maxLength={60} onChange={(event) => setName(event.target.value)} />
      </Form.Group>
    </FormDialog>
  );
}

function RemoveDialog({ passkey, onHide }: { passkey: Passkey; onHide: () => void }) {
  const toast = useToast();
  const remove = useRemovePasskey();
  return (
    <ConfirmDialog
      title="Remove passkey"
      confirmLabel="Remove"
      pending={remove.isPending}
      error={remove.error}
      onHide={onHide}
      onConfirm={() =>
        remove.mutate(passkey.id, {
          onSuccess: () => {
            toast.show({
              title: 'Passkeys',
              message: `Passkey "${passkey.name}" removed`,
              variant: 'success',
            });
            onHide();
          },
        })
      }
    >
      <p>“{passkey.name}” will no longer sign you in.</p>
    </ConfirmDialog>
  );
}
