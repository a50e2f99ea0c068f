import {
  APPLYING_CHANGES_MESSAGE,
  CHANGES_ERROR_MESSAGE,
  CHANGES_SAVED_MESSAGE,
  type Plan,
  type PlanTerm,
  ZPlanAddRequest,
} from '@app/contract';
import { useId, useState } from 'react';
import { Alert, Button, CloseButton, Form, InputGroup, ListGroup } from 'react-bootstrap';
import { FormDialog } from '../../../components/form-dialog';
import { useToast } from '../../../components/toast/toast-context';
import { useAddPlan, useUpdatePlan } from './admin-api';

interface PlanDialogProps {
  productID: number;
  /** `key-manager` plans also set how many licence keys they allow. */
  productSlug?: string | null;
  productName: string;
  /** Editing this plan; absent to add one. */
  plan?: Plan;
  onHide: () => void;
}

/**
 * Add or edit a plan. Free disables recurrence and term (docs/product-contract.md §States). Edits send
 * the features added and the ids removed, and report 'Applying changes...' then 'Changes saved!' or
 * 'Error occurred!'.
 */
export function PlanDialog({ productID, productSlug, productName, plan, onHide }: PlanDialogProps) {
  const id = useId();
  const toast = useToast();
  const add = useAddPlan();
  const update = useUpdatePlan();
  const [name, setName] = useState(plan?.name ?? '');
  const [price, setPrice] = useState(plan ? (plan.price / 100).toFixed(2) : '');
  const [term, setTerm] = useState<PlanTerm>(plan?.term ?? 'm');
  const [recurring, setRecurring] = useState(plan?.is_recurring ?? true);
  const [isFree, setIsFree] = useState(plan?.is_free ?? false);
  const [maxKeys, setMaxKeys] = useState(String(plan?.max_keys_allowed ?? 0));
  const keyManager = productSlug === 'key-manager';
  const [kept, setKept] = useState(plan?.items ?? []);
  const [added, setAdded] = useState<string[]>([]);
  const [feature, setFeature] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [progress, setProgress] = useState<string | null>(null);
  const pending = add.isPending || update.isPending;

  function submit() {
    const cents = isFree ? 0 : Math.round(Number(price) * 100);
    const base = {
      productID,
      name,
      price: Number.isFinite(cents) ? cents : -1,
      term,
      is_recurring: recurring,
      isFree,
      ...(keyManager ? { maxKeysAllowed: Number(maxKeys) } : {}),
    };
    const check = ZPlanAddRequest.safeParse({ ...base, items: added });
    if (price.trim() === '' && !isFree) return setError('Enter a price (0 or more)');
    if (!check.success) return setError(check.error.issues[0]?.message ?? 'Check the form');
    setError(null);
    if (!plan) {
      add.mutate(
        { ...base, items: added },
        {
          onSuccess: (reply) => {
            toast.show({ message: reply.message, variant: 'success' });
            onHide();
          },
        },
      );
      return;
    }
    setProgress(APPLYING_CHANGES_MESSAGE);
    const featuresToDelete = plan.items.filter((item) => !kept.includes(item)).map((item) => item.item_id);
    update.mutate(
      { ...base, selectedPlanID: plan.id, newFeaturesToAdd: added, featuresToDelete },
      {
        onSuccess: () => {
          setProgress(null);
          toast.show({ message: CHANGES_SAVED_MESSAGE, variant: 'success' });
          onHide();
        },
        onError: () => setProgress(CHANGES_ERROR_MESSAGE),
      },
    );
  }

  return (
    <FormDialog
      onHide={onHide}
      title={plan ? `Edit plan ${plan.name}` : `Add a plan to ${productName}`}
      onSubmit={submit}
      intro={
        <>
          {error && (
            <Alert variant="danger" className="py-2">
              {error}
            </Alert>
          )}
          {progress && (
            <Alert
              variant={progress === CHANGES_ERROR_MESSAGE ? 'danger' : 'info'}
              className="py-2"
              role="status"
            >
              {progress}
              {progress === CHANGES_ERROR_MESSAGE &&
                update.error instanceof Error &&
                ` ${update.error.message}`}
            </Alert>
          )}
        </>
      }
      error={add.error}
      pending={pending}
      submitLabel={plan ? 'Save changes' : 'Add plan'}
      pendingLabel={plan ? APPLYING_CHANGES_MESSAGE : 'Saving…'}
    >
      <Form.Group className="mb-3" controlId={`${id}-name`}>
        <Form.Label>Plan name</Form.Label>
        <Form.Control value={name} onChange={(e) => setName(e.target.value)} required maxLength={120} />
      </Form.Group>
      <Form.Check
        className="mb-3"
        type="switch"
        id={`${id}-free`}
        label="Free plan"
        checked={isFree}
        onChange={(e) => setIsFree(e.target.checked)}
      />
      <Form.Group className="mb-3" controlId={`${id}-price`}>
        <Form.Label>Price (USD)</Form.Label>
        <InputGroup>
          <InputGroup.Text>$</InputGroup.Text>
          <Form.Control
            type="number"
            min={0}
            step="0.01"
            value={isFree ? '0' : price}
            disabled={isFree}
            onChange={(e) => setPrice(e.target.value)}
          />
        </InputGroup>
      </Form.Group>
      <fieldset className="mb-3" disabled={isFree}>
        <legend className="fs-6">Billing</legend>
        <Form.Check
          type="switch"
          id={`${id}-recurring`}
          label="Recurring payment"
          checked={!isFree && recurring}
          onChange={(e) => setRecurring(e.target.checked)}
        />
        <Form.Check
          inline
          type="radio"
          id={`${id}-m`}
          name={`${id}-term`}
          label="Monthly"
          checked={term === 'm'}
          onChange={() => setTerm('m')}
          disabled={isFree || !recurring}
        />
        <Form.Check
          inline
          type="radio"
          id={`${id}-y`}
          name={`${id}-term`}
          label="Yearly"
          checked={term === 'y'}
          onChange={() => setTerm('y')}
          disabled={isFree || !recurring}
        />
      </fieldset>
      {keyManager && (
        <Form.Group className="mb-3" controlId={`${id}-max-keys`}>
          <Form.Label>Maximum licence keys (0 = unlimited)</Form.Label>
          <Form.Control
            type="number"
            min={0}
            step={1}
            value={maxKeys}
            onChange={(e) => setMaxKeys(e.target.value)}
          />
        </Form.Group>
      )}
      <Form.Group controlId={`${id}-feature`}>
        <Form.Label>Features</Form.Label>
        <ListGroup className="mb-2">
          {kept.map((item) => (
            <ListGroup.Item key={item.item_id} className="d-flex justify-content-between align-items-center">
              {item.item}
              <CloseButton
                aria-label={`Remove ${item.item}`}
                onClick={() => setKept(kept.filter((k) => k !== item))}
              />
            </ListGroup.Item>
          ))}
          {added.map((item, index) => (
            <ListGroup.Item key={`new-${item}`} className="d-flex justify-content-between align-items-center">
              {item}
              <CloseButton
                aria-label={`Remove ${item}`}
                onClick={() => setAdded(added.filter((_, i) => i !== index))}
              />
            </ListGroup.Item>
          ))}
        </ListGroup>
        <InputGroup>
          <Form.Control
            value={feature}
            placeholder="e.g. 100 licence keys"
            onChange={(e) => setFeature(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && feature.trim()) {
                e.preventDefault();
                if (!added.includes(feature.trim())) setAdded([...added, feature.trim()]);
                setFeature('');
              }
            }}
          />
          <Button
            variant="outline-secondary"
            disabled={!feature.trim()}
            onClick={() => {
              if (!added.includes(feature.trim())) setAdded([...added, feature.trim()]);
              setFeature('');
            }}
          >
            Add feature
          </Button>
        </InputGroup>
      </Form.Group>
    </FormDialog>
  );
}
