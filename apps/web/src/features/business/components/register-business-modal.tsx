import { type FormEvent, useEffect, useId, useState } from 'react';
import { Alert, Button, Form, Modal } from 'react-bootstrap';
import { Link } from 'react-router';
import { useToast } from '../../../app/providers/toast-context';
import { FormErrorAlert } from '../../../components/form-error-alert';
import { SubmitButton } from '../../../components/submit-button';
import { useBusinessTypes, useRegisterBusiness } from '../api';

/**
 * Spec §2 'Add a business' / §5 Business registration: name, type and the agreement box. The
 * register button is enabled only once the box is ticked; the server refuses it otherwise too.
 */
export function RegisterBusinessModal({ show, onHide }: { show: boolean; onHide: () => void }) {
  const titleId = useId();
  const id = useId();
  const toast = useToast();
  const types = useBusinessTypes();
  const register = useRegisterBusiness();
  const [name, setName] = useState('');
  const [type, setType] = useState('');
  const [agree, setAgree] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);

  useEffect(() => {
    const first = types.data?.[0];
    if (first && type === '') setType(String(first.id));
  }, [types.data, type]);

  const close = () => {
    setName('');
    setAgree(false);
    setNotice(null);
    register.reset();
    onHide();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!agree) {
      setNotice('Agree to the terms');
      return;
    }
    setNotice(null);
    register.mutate(
      { businessName: name, businessType: Number(type), agree: true },
      {
        onSuccess: (reply) => {
          toast.show({ message: reply.message, variant: 'success' });
          close();
        },
      },
    );
  };

  return (
    <Modal show={show} onHide={close} centered aria-labelledby={titleId}>
      <Form onSubmit={submit} noValidate>
        <Modal.Header closeButton>
          <Modal.Title id={titleId}>Register a business</Modal.Title>
        </Modal.Header>
        <Modal.Body>
          {notice && <Alert variant="warning">{notice}</Alert>}
          <FormErrorAlert error={register.error ?? types.error} />
          <Form.Group className="mb-3" controlId={`${id}-name`}>
            <Form.Label>Business name</Form.Label>
            <Form.Control
              value={name}
              onChange={(e) => setName(e.target.value)}
              maxLength={100}
              required
              autoFocus
            />
          </Form.Group>
          <Form.Group className="mb-3" controlId={`${id}-type`}>
            <Form.Label>Business type</Form.Label>
            <Form.Select value={type} onChange={(e) => setType(e.target.value)} disabled={!types.data}>
              {types.data?.map((option) => (
                <option key={option.id} value={option.id}>
                  {option.type}
                </option>
              ))}
            </Form.Select>
          </Form.Group>
          <Form.Check
            id={`${id}-agree`}
            type="checkbox"
            checked={agree}
            onChange={(e) => setAgree(e.target.checked)}
            label={
              <>
                I agree to the{' '}
                <Link to="/business-registration-conditions" target="_blank" rel="noopener">
                  business registration conditions
                </Link>
              </>
            }
          />
        </Modal.Body>
        <Modal.Footer>
          <Button variant="outline-secondary" onClick={close}>
            Cancel
          </Button>
          {agree ? (
            <SubmitButton pending={register.isPending} pendingLabel="Registering">
              Register
            </SubmitButton>
          ) : (
            <Button type="submit" variant="primary" disabled>
              Register
            </Button>
          )}
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
