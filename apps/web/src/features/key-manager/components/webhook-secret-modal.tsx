import { Alert, Button, Modal } from 'react-bootstrap';
import { CopyButton } from './copy-button';

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
        <div className="d-flex gap-2 align-items-center">
          <code className="text-break" data-testid="webhook-secret">
            {secret}
          </code>
          {secret && <CopyButton text={secret} label="Copy signing secret" />}
        </div>
      </Modal.Body>
      <Modal.Footer>
        <Button onClick={onHide}>Done</Button>
      </Modal.Footer>
    </Modal>
  );
}
