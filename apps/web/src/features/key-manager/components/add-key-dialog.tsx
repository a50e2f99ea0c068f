import { type AddKeyRequest, ZAddKeyRequest } from '@app/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { Form } from 'react-bootstrap';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { FormDialog } from '../../../components/form-dialog';
import { TextField } from '../../../components/text-field';
import { useToast } from '../../../components/toast/toast-context';
import { useServerFieldError } from '../../../lib/use-server-field-error';
import { useAddKey } from '../api';
import { expiryFromDate } from '../licensing/expiry-dates';
import { usePolicyOptions, useProductOptions } from '../products-api';
import { CustomerFields } from './customer-fields';

/** An input left empty is not sent, so the policy's value (or the server's default) applies. */
const textOrUndefined = (value: string) => (value.trim() === '' ? undefined : value);
const numberOrUndefined = (value: string | number) =>
  typeof value === 'number' ? value : value.trim() === '' ? undefined : Number(value);
/** A picked date is the key's last day; an empty one leaves the expiry to the policy (or none). */
const expiryOrUndefined = (value: string) => (value === '' ? undefined : (expiryFromDate(value) ?? value));

const FIELDS = [
  'maxActivations',
  'name',
  'productId',
  'policyId',
  'expiresAt',
  'customerName',
  'customerEmail',
  'customerRef',
] as const;
const addKeyField = (apiField: string) => FIELDS.find((name) => name === apiField);

/**
 * Add-key dialog: a key of a product, optionally issued from one of its policies (which pre-fills the
 * activations and gives the key its duration, entitlements and metadata), with an expiry and a
 * customer. A refusal (e.g. the plan's key limit) shows in the red banner
 * (docs/product-contract.md §Messages).
 */
export function AddKeyDialog({ show, onHide }: { show: boolean; onHide: () => void }) {
  const toast = useToast();
  const mutation = useAddKey();
  const products = useProductOptions();
  const form = useForm<AddKeyRequest, unknown, z.output<typeof ZAddKeyRequest>>({
    resolver: zodResolver(ZAddKeyRequest),
    defaultValues: { maxActivations: 1, isActivated: true, name: '' },
  });
  const { errors } = form.formState;
  const shownOnField = useServerFieldError(mutation.error, form.setError, addKeyField);
  const defaultProduct = products.data?.find((product) => product.isDefault);
  const productId = form.watch('productId') ?? defaultProduct?.id;
  const policies = usePolicyOptions(productId);
  const policyChosen = Boolean(form.watch('policyId'));

  const close = () => {
    mutation.reset();
    form.reset();
    onHide();
  };
  const onSubmit = form.handleSubmit((values) =>
    mutation.mutate(values, {
      onSuccess: (reply) => {
        toast.show({ message: `Key ${reply.key.key} created` });
        close();
      },
    }),
  );

  return (
    <FormDialog
      show={show}
      onHide={close}
      title="Add key"
      onSubmit={onSubmit}
      error={shownOnField ? null : mutation.error}
      pending={mutation.isPending}
      submitLabel="Create key"
      pendingLabel="Creating"
    >
      <Form.Group className="mb-3" controlId="add-key-product">
        <Form.Label>Product</Form.Label>
        <Form.Select
          {...form.register('productId', {
            setValueAs: textOrUndefined,
            onChange: () => form.setValue('policyId', undefined),
          })}
          disabled={!products.data}
        >
          <option value="">{defaultProduct?.name ?? 'Default product'}</option>
          {products.data
            ?.filter((product) => !product.isDefault)
            .map((product) => (
              <option key={product.id} value={product.id}>
                {product.name}
              </option>
            ))}
        </Form.Select>
      </Form.Group>
      <Form.Group className="mb-3" controlId="add-key-policy">
        <Form.Label>Policy</Form.Label>
        <Form.Select
          aria-describedby="add-key-policy-hint"
          {...form.register('policyId', {
            setValueAs: textOrUndefined,
            onChange: (event: { target: { value: string } }) => {
              const policy = policies.data?.find((option) => option.id === event.target.value);
              if (policy) form.setValue('maxActivations', policy.maxActivations);
            },
          })}
          disabled={!policies.data}
        >
          <option value="">No policy</option>
          {policies.data?.map((policy) => (
            <option key={policy.id} value={policy.id}>
              {policy.name}
            </option>
          ))}
        </Form.Select>
        <Form.Text id="add-key-policy-hint" muted>
          A policy gives the key its activations, duration, entitlements and metadata.
        </Form.Text>
      </Form.Group>
      <TextField
        controlId="add-key-max"
        label="Max activations"
        type="number"
        hint={policyChosen ? "From the policy; change it to override the policy's." : '0 means unlimited.'}
        registration={form.register('maxActivations', { setValueAs: numberOrUndefined })}
        error={errors.maxActivations?.message}
      />
      <TextField
        controlId="add-key-expires"
        label="Expires on (optional)"
        type="date"
        hint="The key works through this day (UTC). Empty: the policy's duration decides, or it never expires."
        registration={form.register('expiresAt', { setValueAs: expiryOrUndefined })}
        error={errors.expiresAt?.message}
      />
      <TextField
        controlId="add-key-name"
        label="Name (optional)"
        registration={form.register('name')}
        error={errors.name?.message}
      />
      <CustomerFields
        idPrefix="add-key"
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
      <Form.Check
        type="switch"
        id="add-key-active"
        label="Active (usable for activation)"
        {...form.register('isActivated')}
      />
    </FormDialog>
  );
}
