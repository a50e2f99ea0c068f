import {
  API_KEY_SIMULATION_LABELS,
  API_KEY_SIMULATIONS,
  type ApiKeyInformation,
  type ApiKeySimulationState,
  SIMULATION_LIMITS,
} from '@app/contract';
import { useState } from 'react';
import { Button, Form, ListGroup } from 'react-bootstrap';
import { FormDialog } from '../../../components/form-dialog';
import { useToast } from '../../../components/toast/toast-context';
import { useApiKeys, useSimulateApiKey } from '../api';

const until = (iso: string) => new Date(iso).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });

/**
 * The API tab's sandbox: make one of your API keys answer as if your account owed a payment (402), had
 * no plan (403) or a low rate limit, for up to an hour, to see your app handle it. Only that key
 * changes (contract key-manager-simulation.ts).
 */
export function ApiSandbox() {
  const apiKeys = useApiKeys();
  const stop = useSimulateApiKey();
  const toast = useToast();
  const [open, setOpen] = useState(false);
  const keys = apiKeys.data?.keysInformation ?? [];
  const running = keys.filter((key) => key.simulation);

  return (
    <section aria-labelledby="km-sandbox-title" className="mt-4">
      <h2 id="km-sandbox-title" className="h5">
        Sandbox: test your error handling
      </h2>
      <p className="text-body-secondary">
        Make one API key answer as if your account were in a state your app must handle: payment required
        (402), no plan (403 “Activate a Key Manager plan first”) or a low rate limit (429). Only that key
        changes, for up to {SIMULATION_LIMITS.minutesMax} minutes; use a key of its own for testing, so your
        live apps are not affected. Replies carry the header <code>X-Key-Manager-Simulation</code>.
      </p>
      {running.length > 0 && (
        <ListGroup as="ul" className="mb-3" aria-label="Running simulations">
          {running.map((key) => (
            <ListGroup.Item as="li" key={key.id} className="d-flex flex-wrap gap-2 align-items-center">
              <span className="font-monospace">{key.key}</span>
              <span>
                {key.simulation && API_KEY_SIMULATION_LABELS[key.simulation.state]}
                {key.simulation?.callsPerMinute ? `, ${key.simulation.callsPerMinute} calls a minute` : ''}
                {key.simulation && ` until ${until(key.simulation.endsAt)}`}
              </span>
              <Button
                size="sm"
                variant="outline-secondary"
                className="ms-auto"
                disabled={stop.isPending}
                aria-label={`Stop the simulation on ${key.key}`}
                onClick={() =>
                  stop.mutate(
                    { id: key.id, state: 'off' },
                    { onSuccess: (reply) => toast.show({ message: reply.message }) },
                  )
                }
              >
                Stop
              </Button>
            </ListGroup.Item>
          ))}
        </ListGroup>
      )}
      <Button variant="outline-primary" disabled={keys.length === 0} onClick={() => setOpen(true)}>
        Simulate a failure…
      </Button>
      {open && <SimulationDialog keys={keys} onHide={() => setOpen(false)} />}
    </section>
  );
}

function SimulationDialog({ keys, onHide }: { keys: readonly ApiKeyInformation[]; onHide: () => void }) {
  const simulate = useSimulateApiKey();
  const toast = useToast();
  const [id, setId] = useState(keys[0]?.id ?? '');
  const [state, setState] = useState<ApiKeySimulationState>('payment-required');
  const [minutes, setMinutes] = useState<number>(SIMULATION_LIMITS.minutesDefault);
  const [callsPerMinute, setCallsPerMinute] = useState<number>(SIMULATION_LIMITS.callsPerMinuteDefault);

  const submit = () =>
    simulate.mutate(
      { id, state, minutes, ...(state === 'rate-limit' ? { callsPerMinute } : {}) },
      {
        onSuccess: (reply) => {
          toast.show({ message: reply.message });
          onHide();
        },
      },
    );

  return (
    <FormDialog
      title="Simulate a failure"
      onSubmit={submit}
      onHide={onHide}
      error={simulate.error}
      pending={simulate.isPending}
      submitLabel="Start simulation"
    >
      <Form.Group controlId="simulation-key" className="mb-3">
        <Form.Label>API key</Form.Label>
        <Form.Select value={id} onChange={(event) => setId(event.target.value)}>
          {keys.map((key) => (
            <option key={key.id} value={key.id}>
              {key.key}
              {key.name ? ` (${key.name})` : ''}
            </option>
          ))}
        </Form.Select>
      </Form.Group>
      <Form.Group controlId="simulation-state" className="mb-3">
        <Form.Label>Answer as if</Form.Label>
        <Form.Select
          value={state}
          onChange={(event) => setState(event.target.value as ApiKeySimulationState)}
        >
          {API_KEY_SIMULATIONS.map((option) => (
            <option key={option} value={option}>
              {API_KEY_SIMULATION_LABELS[option]}
            </option>
          ))}
        </Form.Select>
      </Form.Group>
      {state === 'rate-limit' && (
        <Form.Group controlId="simulation-calls" className="mb-3">
          <Form.Label>Calls per minute</Form.Label>
          <Form.Control
            type="number"
            min={SIMULATION_LIMITS.callsPerMinuteMin}
            max={SIMULATION_LIMITS.callsPerMinuteMax}
            value={callsPerMinute}
            onChange={(event) => setCallsPerMinute(Number(event.target.value))}
          />
        </Form.Group>
      )}
      <Form.Group controlId="simulation-minutes">
        <Form.Label>For how many minutes</Form.Label>
        <Form.Control
          type="number"
          min={SIMULATION_LIMITS.minutesMin}
          max={SIMULATION_LIMITS.minutesMax}
          value={minutes}
          onChange={(event) => setMinutes(Number(event.target.value))}
        />
      </Form.Group>
    </FormDialog>
  );
}
