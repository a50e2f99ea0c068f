import { useEffect, useId, useState } from 'react';
import { Alert, Form } from 'react-bootstrap';
import { Link } from 'react-router';
import { FormDialog } from '../../../components/form-dialog';
import { useToast } from '../../../components/toast/toast-context';
import { useBusinessTypes, useRegisterBusiness } from '../api';
import { businessTypeLabel } from '../lib/business-type-label';

/**
 * docs/product-contract.md §Screens (Profile) 'Add a business' and §Validation (Business registration):
 * name, type and the agreement box. The register button is enabled only once the box is ticked; the
 * server refuses it otherwise too.
 */
export function RegisterBusinessModal({ show, onHide }: { show: boolean; onHide: () => void }) {
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

  const submit = () => {
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
    // Register is enabled only once the box is ticked.
    <FormDialog
      show={show}
      onHide={close}
      centered
      title="Register a business"
      onSubmit={submit}
      intro={notice && <Alert variant="warning">{notice}</Alert>}
      error={register.error ?? types.error}
      pending={register.isPending}
      submitDisabled={!agree}
      submitLabel="Register"
      pendingLabel="Registering"
    >
      <Form.Group className="mb-3" controlId={`${id}-name`}>
        <Form.Label>Business name</Form.Label>
        <Form.Control value={name} onChange={(e) => setName(e.target.value)} maxLength={100} required />
      </Form.Group>
      <Form.Group className="mb-3" controlId={`${id}-type`}>
        <Form.Label>Business type</Form.Label>
        <Form.Select value={type} onChange={(e) => setType(e.target.value)} disabled={!types.data}>
          {types.data?.map((option) => (
            <option key={option.id} value={option.id}>
              {businessTypeLabel(option.type)}
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
    </FormDialog>
  );
}
