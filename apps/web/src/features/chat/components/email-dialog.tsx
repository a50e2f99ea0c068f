import { useId, useState } from 'react';
import { Form } from 'react-bootstrap';
import { FormDialog } from '../../../components/form-dialog';

interface EmailDialogProps {
  show: boolean;
  onAccess: (email: string) => Promise<void>;
  onClose?: () => void;
}

/**
 * docs/product-contract.md §Screens, §States: with no email the 'Enter email' dialog shows; Access calls
 * init.
 */
export function EmailDialog({ show, onAccess, onClose }: EmailDialogProps) {
  const id = useId();
  const [email, setEmail] = useState('');
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<unknown>(null);

  const submit = async () => {
    if (!email.trim()) {
      setError(new Error('Enter your email address to start the chat.'));
      return;
    }
    setPending(true);
    setError(null);
    try {
      await onAccess(email.trim());
    } catch (failure) {
      setError(failure);
    } finally {
      setPending(false);
    }
  };

  return (
    // No Cancel: without an email there is no chat; the close button and Escape put the dialog away.
    <FormDialog
      show={show}
      onHide={onClose}
      cancelLabel={null}
      centered
      title="Enter email"
      onSubmit={() => void submit()}
      intro={<p>Chat with our customer service. We use your email to answer you if you leave.</p>}
      error={error}
      pending={pending}
      submitLabel="Access"
    >
      <Form.Group controlId={`${id}-email`}>
        <Form.Label>Email</Form.Label>
        <Form.Control
          type="email"
          autoComplete="email"
          value={email}
          required
          onChange={(event) => setEmail(event.target.value)}
        />
      </Form.Group>
    </FormDialog>
  );
}
