import { ZQuickProjectRequest } from '@app/contract';
import { useState } from 'react';
import { Form } from 'react-bootstrap';
import { FormDialog } from '../../../components/form-dialog';
import { useToast } from '../../../components/toast/toast-context';
import { useQuickRequest } from '../api';

type Kind = 'desktop' | 'web' | 'combination';
const KINDS: { value: Kind; label: string }[] = [
  { value: 'desktop', label: 'Desktop' },
  { value: 'web', label: 'Web' },
  { value: 'combination', label: 'Combination' },
];

/**
 * Customer-area variant (docs/product-contract.md §Screens, Project request page and Getting-started
 * guide): choose a type, name the project, Create; closes on success.
 */
export function QuickRequestModal({ show, onClose }: { show: boolean; onClose: () => void }) {
  const toast = useToast();
  const mutation = useQuickRequest();
  const [kind, setKind] = useState<Kind | null>(null);
  const [name, setName] = useState('');
  const [invalid, setInvalid] = useState<string | null>(null);

  const close = () => {
    setKind(null);
    setName('');
    setInvalid(null);
    mutation.reset();
    onClose();
  };
  const submit = () => {
    const body = {
      desktop: kind === 'desktop',
      web: kind === 'web',
      combination: kind === 'combination',
      name,
    };
    const parsed = ZQuickProjectRequest.safeParse(body);
    if (!parsed.success) return setInvalid(parsed.error.issues[0]?.message ?? 'Check the form');
    setInvalid(null);
    mutation.mutate(parsed.data, {
      onSuccess: (reply) => {
        toast.show({ variant: 'success', message: reply.message });
        close();
      },
    });
  };

  return (
    <FormDialog
      show={show}
      onHide={close}
      title="Request New Project"
      onSubmit={submit}
      error={mutation.error}
      pending={mutation.isPending}
      submitLabel="Create"
      pendingLabel="Creating"
    >
      <fieldset className="mb-3">
        <legend className="fs-6">Project type</legend>
        {KINDS.map((option) => (
          <Form.Check
            key={option.value}
            type="radio"
            name="quick-kind"
            id={`quick-kind-${option.value}`}
            label={option.label}
            checked={kind === option.value}
            onChange={() => setKind(option.value)}
          />
        ))}
      </fieldset>
      <Form.Group controlId="quick-name">
        <Form.Label>Project name</Form.Label>
        <Form.Control value={name} onChange={(e) => setName(e.target.value)} maxLength={100} />
      </Form.Group>
      {invalid && (
        <p className="text-danger small mt-2 mb-0" role="alert">
          {invalid}
        </p>
      )}
    </FormDialog>
  );
}
