import { type DashboardKey, ENTITLEMENT_LIMITS, ZEntitlements } from '@app/contract';
import { useId, useState } from 'react';
import { Form } from 'react-bootstrap';
import { FormDialog } from '../../../components/form-dialog';
import { QueryState } from '../../../components/query-state';
import { useToast } from '../../../components/toast/toast-context';
import { useKeyEntitlements, useSaveEntitlements } from '../licences-api';

/** Edits one key's entitlements as a JSON object; they are copied into its offline licences. */
export function EntitlementsDialog({ licence, onHide }: { licence: DashboardKey; onHide: () => void }) {
  const toast = useToast();
  const entitlements = useKeyEntitlements(licence.id);
  const save = useSaveEntitlements(licence.id);
  // Until the owner types, the text is the saved entitlements (known once they have loaded).
  const [edited, setEdited] = useState<string | null>(null);
  const [invalid, setInvalid] = useState<string | null>(null);
  const hintId = useId();
  const text = edited ?? JSON.stringify(entitlements.data ?? {}, null, 2);

  const onSubmit = () => {
    if (!entitlements.data) return;
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
    <FormDialog
      onHide={onHide}
      title="Entitlements"
      onSubmit={onSubmit}
      intro={<p className="font-monospace small">{licence.key}</p>}
      error={save.error}
      pending={save.isPending}
      submitDisabled={!entitlements.data}
      submitLabel="Save"
      pendingLabel="Saving"
    >
      {entitlements.data ? (
        <Form.Group controlId="entitlements-json">
          <Form.Label>Entitlements (JSON object)</Form.Label>
          <Form.Control
            as="textarea"
            rows={6}
            className="font-monospace"
            value={text}
            onChange={(e) => setEdited(e.target.value)}
            isInvalid={invalid !== null}
            aria-describedby={hintId}
            // The field appears once loaded, after the dialog has opened.
            autoFocus
          />
          <Form.Control.Feedback type="invalid">{invalid}</Form.Control.Feedback>
          <Form.Text id={hintId}>
            Names: letters, digits, dot, dash, underscore. Values: text, numbers or true/false. At most{' '}
            {ENTITLEMENT_LIMITS.entries} entries, {ENTITLEMENT_LIMITS.bytes} bytes. Certificates checked out
            from now on carry them.
          </Form.Text>
        </Form.Group>
      ) : (
        <QueryState
          isPending={entitlements.isPending}
          error={entitlements.error}
          onRetry={() => entitlements.refetch()}
        />
      )}
    </FormDialog>
  );
}
