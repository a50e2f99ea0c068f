import { type FormEvent, useId, useState } from 'react';
import { Alert, Button, Form, Modal, Spinner } from 'react-bootstrap';
import { errorMessage } from '../../../lib/api-error';

interface EmailDialogProps {
  show: boolean;
  onAccess: (email: string) => Promise<void>;
  onClose?: () => void;
}

/** Spec §2/§4: with no email the 'Enter email' dialog shows; Access calls init. */
export function EmailDialog({ show, onAccess, onClose }: EmailDialogProps) {
  const id = useId();
  const [email, setEmail] = useState('');
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!email.trim()) {
      setError('Enter your email address to start the chat.');
      return;
    }
    setPending(true);
    setError(null);
    try {
      await onAccess(email.trim());
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setPending(false);
    }
  };

  return (
    <Modal show={show} onHide={onClose} centered aria-labelledby={`${id}-title`}>
      <Form onSubmit={submit} noValidate>
        <Modal.Header closeButton={onClose !== undefined}>
          <Modal.Title id={`${id}-title`}>Enter email</Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <p>Chat with our customer service. We use your email to answer you if you leave.</p>
          {error && <Alert variant="danger">{error}</Alert>}
          <Form.Group controlId={`${id}-email`}>
            <Form.Label>Email</Form.Label>
            <Form.Control
              type="email"
              autoComplete="email"
              value={email}
              autoFocus
              required
              onChange={(event) => setEmail(event.target.value)}
            />
          </Form.Group>
        </Modal.Body>
        <Modal.Footer>
          <Button type="submit" disabled={pending}>
            {pending && (
              <Spinner as="span" animation="border" size="sm" className="me-2" aria-hidden="true" />
            )}
            Access
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
