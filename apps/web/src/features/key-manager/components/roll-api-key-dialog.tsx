import { API_KEY_ROLL_MAX_HOURS, type ApiKeyInformation, type RollApiKeyResponse } from '@app/contract';
import { useId, useState } from 'react';
import { Alert, Button, Form, Modal } from 'react-bootstrap';
import { FormErrorAlert } from '../../../components/form-error-alert';
import { useRollApiKey } from '../api';
import { SecretValue } from './secret-value';

type Choice = '0' | '1' | '24' | '168' | 'custom';

const CHOICES: { value: Choice; label: string }[] = [
  { value: '0', label: 'None: the old key stops now' },
  { value: '1', label: '1 hour' },
  { value: '24', label: '1 day' },
  { value: '168', label: '7 days' },
  { value: 'custom', label: 'A number of hours' },
];

const moment = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** The hours chosen, or null while the custom number is not a whole number from 0 to 168. */
function overlapOf(choice: Choice, custom: string): number | null {
  if (choice !== 'custom') return Number(choice);
  const hours = Number(custom);
  return custom.trim() !== '' && Number.isInteger(hours) && hours >= 0 && hours <= API_KEY_ROLL_MAX_HOURS
    ? hours
    : null;
}

/**
 * Roll an API key (decision 037): choose how long the old key keeps working, then the new key is
 * shown once. The old key's row in the list shows when it stops.
 */
export function RollApiKeyDialog({ apiKey, onHide }: { apiKey: ApiKeyInformation; onHide: () => void }) {
  const roll = useRollApiKey();
  const [choice, setChoice] = useState<Choice>('24');
  const [custom, setCustom] = useState('');
  const [rolled, setRolled] = useState<RollApiKeyResponse | null>(null);
  const customId = useId();
  const overlapHours = overlapOf(choice, custom);

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    if (overlapHours === null) return;
    roll.mutate({ id: apiKey.id, overlapHours }, { onSuccess: setRolled });
  };

  return (
    <Modal show onHide={onHide} aria-labelledby="roll-api-key-title">
      <Modal.Header closeButton>
        <Modal.Title id="roll-api-key-title">{rolled ? 'Your new API key' : 'Roll API key'}</Modal.Title>
      </Modal.Header>
      {rolled ? (
        <>
          <Modal.Body>
            <Alert variant="warning">Copy it now: it is shown only once. We keep only a hash of it.</Alert>
            <SecretValue value={rolled.key} copyLabel="Copy API key" testId="rolled-api-key" />
            <p className="mt-3 mb-0">
              The old key <span className="font-monospace">{apiKey.key}</span>{' '}
              {Date.parse(rolled.oldKeyExpiresAt) <= Date.now()
                ? 'has stopped working.'
                : `keeps working until ${moment.format(new Date(rolled.oldKeyExpiresAt))}.`}
            </p>
          </Modal.Body>
          <Modal.Footer>
            <Button onClick={onHide}>Done</Button>
          </Modal.Footer>
        </>
      ) : (
        <Form onSubmit={onSubmit} noValidate>
          <Modal.Body>
            <p>
              Rolling <span className="font-monospace">{apiKey.key}</span> makes a new key with the same name,
              type and product. Put the new key in your applications; the old one keeps working for the
              overlap you choose, then answers <code>401 api_key_expired</code> and is revoked. Webhooks{' '}
              <code>api_key.rolled</code> and <code>api_key.expiring</code> tell your endpoints.
            </p>
            <fieldset>
              <legend className="fs-6">How long should the old key keep working?</legend>
              {CHOICES.map((option) => (
                <Form.Check
                  key={option.value}
                  type="radio"
                  name="overlap"
                  id={`roll-overlap-${option.value}`}
                  label={option.label}
                  checked={choice === option.value}
                  onChange={() => setChoice(option.value)}
                />
              ))}
            </fieldset>
            {choice === 'custom' && (
              <Form.Group controlId={customId} className="mt-2">
                <Form.Label>Hours (0 to {API_KEY_ROLL_MAX_HOURS})</Form.Label>
                <Form.Control
                  type="number"
                  inputMode="numeric"
                  min={0}
                  max={API_KEY_ROLL_MAX_HOURS}
                  step={1}
                  value={custom}
                  autoFocus
                  isInvalid={custom !== '' && overlapHours === null}
                  onChange={(event) => setCustom(event.target.value)}
                />
                <Form.Control.Feedback type="invalid">
                  Enter a whole number of hours from 0 to {API_KEY_ROLL_MAX_HOURS}.
                </Form.Control.Feedback>
              </Form.Group>
            )}
            <FormErrorAlert error={roll.error} />
          </Modal.Body>
          <Modal.Footer>
            <Button variant="secondary" onClick={onHide}>
              Cancel
            </Button>
            <Button type="submit" disabled={overlapHours === null || roll.isPending}>
              Roll key
            </Button>
          </Modal.Footer>
        </Form>
      )}
    </Modal>
  );
}
