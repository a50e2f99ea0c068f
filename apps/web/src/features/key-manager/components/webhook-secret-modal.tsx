import { Alert, Button, Modal } from 'react-bootstrap';
import { SecretValue } from './secret-value';

/** The signing secret, shown once after adding an endpoint or rolling its secret. */
export function WebhookSecretModal({ secret, onHide }: { secret: string | null; onHide: () => void }) {
  return (
    <Modal show={secret !== null} onHide={onHide} aria-labelledby="webhook-secret-title">
      <Modal.Header closeButton>
        <Modal.Title id="webhook-secret-title">Signing secret</Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <Alert variant="warning">
          Copy it now: it is shown only once. Your endpoint uses it to check the{' '}
          <code>Northwind-Signature</code> header of every delivery.
        </Alert>
        {secret && <SecretValue value={secret} copyLabel="Copy signing secret" testId="webhook-secret" />}
      </Modal.Body>
      <Modal.Footer>
        <Button onClick={onHide}>Done</Button>
      </Modal.Footer>
    </Modal>
  );
}
