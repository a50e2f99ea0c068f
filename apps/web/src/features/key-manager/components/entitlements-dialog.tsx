import { type DashboardKey, ENTITLEMENT_LIMITS, ZEntitlements } from '@app/contract';
import { useId, useState } from 'react';
import { Button, Form, Modal } from 'react-bootstrap';
import { QueryState } from '../../../app/layout/query-state';
import { useToast } from '../../../app/providers/toast-context';
import { FormErrorAlert } from '../../../components/form-error-alert';
import { SubmitButton } from '../../../components/submit-button';
import { useKeyEntitlements, useSaveEntitlements } from '../licences-api';

/** Edits one key's entitlements as a JSON object; they are copied into its offline licences. */
export function EntitlementsDialog({ licence, onHide }: { licence: DashboardKey; onHide: () => void }) {
  const entitlements = useKeyEntitlements(licence.id);
  return (
    <Modal show onHide={onHide} aria-labelledby="entitlements-title">
      <Modal.Header closeButton>
        <Modal.Title id="entitlements-title">Entitlements</Modal.Title>
      </Modal.Header>
      {entitlements.data ? (
        <EntitlementsForm licence={licence} initial={entitlements.data} onHide={onHide} />
      ) : (
        <Modal.Body>
          <QueryState
            isPending={entitlements.isPending}
            error={entitlements.error}
            onRetry={() => entitlements.refetch()}
          />
        </Modal.Body>
      )}
    </Modal>
  );
}

function EntitlementsForm({
  licence,
  initial,
  onHide,
}: {
  licence: DashboardKey;
  initial: Record<string, unknown>;
  onHide: () => void;
}) {
  const toast = useToast();
  const save = useSaveEntitlements(licence.id);
  const [text, setText] = useState(() => JSON.stringify(initial, null, 2));
  const [invalid, setInvalid] = useState<string | null>(null);
  const hintId = useId();

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    let value: unknown;
    try {
      value = JSON.parse(text.trim() === '' ? '{}' : text);
    } catch {
      setInvalid('Enter a JSON object, for example {"tier": "pro", "seats": 5}');
      return;
    }
    const parsed = ZEntitlements.safeParse(value);
    if (!parsed.success) {
      setInvalid(parsed.error.issues[0]?.message ?? 'These entitlements are not valid');
      return;
    }
    setInvalid(null);
    save.mutate(parsed.data, {
      onSuccess: (reply) => {
        toast.show({ message: reply.message ?? 'Entitlements saved' });
        onHide();
      },
    });
  };

  return (
    <Form noValidate onSubmit={onSubmit}>
      <Modal.Body>
        <p className="font-monospace small">{licence.key}</p>
        <FormErrorAlert error={save.error} />
        <Form.Group controlId="entitlements-json">
          <Form.Label>Entitlements (JSON object)</Form.Label>
          <Form.Control
            as="textarea"
            rows={6}
            className="font-monospace"
            value={text}
            onChange={(e) => setText(e.target.value)}
            isInvalid={invalid !== null}
            aria-describedby={hintId}
            autoFocus
          />
          <Form.Control.Feedback type="invalid">{invalid}</Form.Control.Feedback>
          <Form.Text id={hintId}>
            Names: letters, digits, dot, dash, underscore. Values: text, numbers or true/false. At most{' '}
            {ENTITLEMENT_LIMITS.entries} entries, {ENTITLEMENT_LIMITS.bytes} bytes. Certificates checked out
            from now on carry them.
          </Form.Text>
        </Form.Group>
      </Modal.Body>
      <Modal.Footer>
        <Button variant="secondary" onClick={onHide}>
          Cancel
        </Button>
        <SubmitButton pending={save.isPending} pendingLabel="Saving">
          Save
        </SubmitButton>
      </Modal.Footer>
    </Form>
  );
}
