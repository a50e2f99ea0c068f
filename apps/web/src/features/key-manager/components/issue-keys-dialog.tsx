import { BULK_LIMITS, type IssueKeysRequest, type IssueKeysResponse, ZIssueKeysRequest } from '@app/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { Button, Form, Modal } from 'react-bootstrap';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { FormDialog } from '../../../components/form-dialog';
import { TextField } from '../../../components/text-field';
import { useToast } from '../../../components/toast/toast-context';
import { useServerFieldError } from '../../../lib/use-server-field-error';
import { useIssueKeys } from '../bulk-api';
import { downloadCsv, issuedKeysCsv } from '../licensing/csv-text';
import { usePolicyOptions, useProductOptions } from '../products-api';
import { BulkProgress } from './bulk-progress';
import { CustomerFields } from './customer-fields';

const textOrUndefined = (value: string) => (value.trim() === '' ? undefined : value);
const FIELDS = ['policyId', 'count', 'name', 'customerName', 'customerEmail', 'customerRef'] as const;
const issueField = (apiField: string) => FIELDS.find((name) => name === apiField);

/**
 * Issues up to 10,000 keys from one policy in one go (decision 032), optionally to one customer; then
 * offers them as a CSV file, written from the reply (downloading never issues more keys).
 */
export function IssueKeysDialog({ onHide }: { onHide: () => void }) {
  const [issued, setIssued] = useState<IssueKeysResponse | null>(null);
  if (issued) return <IssuedKeys reply={issued} onHide={onHide} />;
  return <IssueKeysForm onIssued={setIssued} onHide={onHide} />;
}

function IssueKeysForm({
  onIssued,
  onHide,
}: {
  onIssued: (reply: IssueKeysResponse) => void;
  onHide: () => void;
}) {
  const toast = useToast();
  const issue = useIssueKeys();
  const products = useProductOptions();
  const [chosenProduct, setChosenProduct] = useState('');
  const productId = chosenProduct || products.data?.find((product) => product.isDefault)?.id;
  const policies = usePolicyOptions(productId);
  const form = useForm<Omit<IssueKeysRequest, 'format'>, unknown, z.output<typeof ZIssueKeysRequest>>({
    resolver: zodResolver(ZIssueKeysRequest),
    defaultValues: { count: 10 },
  });
  const { errors } = form.formState;
  const shownOnField = useServerFieldError(issue.error, form.setError, issueField);
  const policyId = form.watch('policyId');
  const count = form.watch('count');

  const onSubmit = form.handleSubmit(({ format: _format, ...body }) =>
    issue.mutate(body, {
      onSuccess: (reply) => {
        toast.show({ message: reply.message });
        onIssued(reply);
      },
    }),
  );

  return (
    <FormDialog
      onHide={issue.isPending ? undefined : onHide}
      title="Issue keys"
      onSubmit={onSubmit}
      error={shownOnField ? null : issue.error}
      pending={issue.isPending}
      submitDisabled={!policyId}
      submitLabel="Issue keys"
      pendingLabel="Issuing"
    >
      <fieldset disabled={issue.isPending}>
        <Form.Group className="mb-3" controlId="issue-product">
          <Form.Label>Product</Form.Label>
          <Form.Select
            value={chosenProduct}
            disabled={!products.data}
            onChange={(event) => {
              setChosenProduct(event.target.value);
              form.setValue('policyId', '');
            }}
          >
            {products.data?.map((product) => (
              <option key={product.id} value={product.isDefault ? '' : product.id}>
                {product.name}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
        <Form.Group className="mb-3" controlId="issue-policy">
          <Form.Label>Policy</Form.Label>
          <Form.Select
            {...form.register('policyId')}
            disabled={!policies.data}
            isInvalid={Boolean(errors.policyId)}
            aria-describedby="issue-policy-hint"
          >
            <option value="">Choose a policy</option>
            {policies.data?.map((policy) => (
              <option key={policy.id} value={policy.id}>
                {policy.name}
              </option>
            ))}
          </Form.Select>
          <Form.Control.Feedback type="invalid">{errors.policyId?.message}</Form.Control.Feedback>
          <Form.Text id="issue-policy-hint" muted>
            {policies.data?.length === 0
              ? 'This product has no policies yet: add one on the Products tab.'
              : 'Every key gets the policy’s activations, duration, entitlements and metadata.'}
          </Form.Text>
        </Form.Group>
        <TextField
          controlId="issue-count"
          label="Number of keys"
          type="number"
          hint={`At most ${BULK_LIMITS.issueMax.toLocaleString('en-US')}. Your plan's key limit applies.`}
          registration={form.register('count', { valueAsNumber: true })}
          error={errors.count?.message}
        />
        <TextField
          controlId="issue-name"
          label="Key name (optional)"
          hint="Given to every key, e.g. the order or campaign."
          registration={form.register('name', { setValueAs: textOrUndefined })}
          error={errors.name?.message}
        />
        <CustomerFields
          idPrefix="issue"
          registrations={{
            name: form.register('customerName', { setValueAs: textOrUndefined }),
            email: form.register('customerEmail', { setValueAs: textOrUndefined }),
            ref: form.register('customerRef', { setValueAs: textOrUndefined }),
          }}
          errors={{
            name: errors.customerName?.message,
            email: errors.customerEmail?.message,
            ref: errors.customerRef?.message,
          }}
        />
      </fieldset>
      {issue.isPending && (
        <BulkProgress
          step={issue.step}
          label="Issuing keys"
          starting={`Issuing ${Number.isFinite(count) ? count.toLocaleString('en-US') : ''} keys…`}
        />
      )}
    </FormDialog>
  );
}

function IssuedKeys({ reply, onHide }: { reply: IssueKeysResponse; onHide: () => void }) {
  return (
    <Modal show onHide={onHide} aria-labelledby="issued-keys-title">
      <Modal.Header closeButton>
        <Modal.Title id="issued-keys-title">Keys issued</Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p role="status">{reply.message}.</p>
        <p className="text-body-secondary small mb-0">
          Download them now to hand them out; they are also in the key list and in Export CSV.
        </p>
      </Modal.Body>
      <Modal.Footer>
        <Button variant="outline-secondary" onClick={onHide}>
          Close
        </Button>
        <Button autoFocus onClick={() => downloadCsv(issuedKeysCsv(reply), `issued-keys-${reply.count}.csv`)}>
          Download CSV
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
