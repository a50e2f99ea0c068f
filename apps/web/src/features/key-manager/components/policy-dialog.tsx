import {
  DURATION_UNITS,
  type DurationUnit,
  type KeyProduct,
  LICENSING_LIMITS,
  type Policy,
} from '@app/contract';
import { useState } from 'react';
import { Col, Form, Row } from 'react-bootstrap';
import { Controller, type Path, useForm } from 'react-hook-form';
import { FormDialog } from '../../../components/form-dialog';
import { TextField } from '../../../components/text-field';
import { useToast } from '../../../components/toast/toast-context';
import { useServerFieldError } from '../../../lib/use-server-field-error';
import { useDevicePolicy } from '../devices-api';
import {
  type PolicyField,
  type PolicyFormValues,
  policyField,
  policyFormValues,
  policyRequest,
  policyUpdate,
} from '../licensing/policy-form';
import { useCreatePolicy, useUpdatePolicy } from '../products-api';
import { DeviceRulesFields } from './device-rules-fields';
import { EntitlementRowsField } from './entitlement-rows-field';

const UNIT_LABELS: Record<DurationUnit, string> = { day: 'Days', month: 'Months', year: 'Years' };

/** The form input a policy field is edited in. */
function formPath(field: PolicyField): Path<PolicyFormValues> {
  if (field === 'duration') return 'durationCount';
  if (field === 'leaseSeconds' || field === 'transfersPer30Days' || field === 'transferIdleSeconds') {
    return `rules.${field}`;
  }
  return field;
}
const serverField = (apiField: string) => {
  const field = policyField(apiField);
  return field && formPath(field);
};

/**
 * Creates or edits one policy of a product: every field a new key copies (decision 032). The form is
 * checked with the contract's schema before it is sent; a refusal names its input.
 */
export function PolicyDialog({
  product,
  policy,
  onHide,
}: {
  product: KeyProduct;
  /** The policy edited; none for a new one. */
  policy?: Policy;
  onHide: () => void;
}) {
  const toast = useToast();
  const create = useCreatePolicy();
  const update = useUpdatePolicy();
  const mutation = policy ? update : create;
  const ownerRules = useDevicePolicy();
  const form = useForm<PolicyFormValues>({ defaultValues: policyFormValues(policy) });
  const { errors } = form.formState;
  const [invalidRow, setInvalidRow] = useState<number | undefined>();
  const shownOnField = useServerFieldError(mutation.error, form.setError, serverField);
  const perpetual = form.watch('durationUnit') === 'perpetual';
  const ruleError =
    errors.rules?.leaseSeconds?.message ??
    errors.rules?.transfersPer30Days?.message ??
    errors.rules?.transferIdleSeconds?.message;
  const invalidRule = (['leaseSeconds', 'transfersPer30Days', 'transferIdleSeconds'] as const).find(
    (name) => errors.rules?.[name],
  );
  const placeholder = (value: number | undefined) =>
    value === undefined ? 'Your device policy' : `Your device policy (${value})`;

  const onSubmit = form.handleSubmit((values) => {
    const result = policyRequest(values, product.id);
    if (!result.ok) {
      setInvalidRow(result.row);
      form.setError(formPath(result.field ?? 'name'), { type: 'validate', message: result.message });
      if (result.field !== 'entitlements') form.setFocus(formPath(result.field ?? 'name'));
      return;
    }
    setInvalidRow(undefined);
    const done = (reply: { message: string }) => {
      toast.show({ message: reply.message });
      onHide();
    };
    if (policy) update.mutate({ id: policy.id, body: policyUpdate(result.body) }, { onSuccess: done });
    else create.mutate(result.body, { onSuccess: done });
  });

  return (
    <FormDialog
      onHide={onHide}
      size="lg"
      title={policy ? `Edit policy ${policy.name}` : `New policy for ${product.name}`}
      onSubmit={onSubmit}
      error={shownOnField ? null : mutation.error}
      pending={mutation.isPending}
      submitLabel={policy ? 'Save policy' : 'Create policy'}
      pendingLabel="Saving"
    >
      <TextField
        controlId="policy-name"
        label="Name"
        registration={form.register('name')}
        error={errors.name?.message}
      />
      <Row className="g-3">
        <Col md={6}>
          <Form.Group className="mb-3" controlId="policy-kind">
            <Form.Label>Kind</Form.Label>
            <Form.Select
              {...form.register('kind')}
              disabled={policy !== undefined}
              isInvalid={Boolean(errors.kind)}
              aria-describedby={errors.kind ? 'policy-kind-error policy-kind-hint' : 'policy-kind-hint'}
            >
              <option value="standard">Standard</option>
              <option value="trial">Trial</option>
            </Form.Select>
            {errors.kind && (
              <Form.Control.Feedback id="policy-kind-error" type="invalid">
                {errors.kind.message}
              </Form.Control.Feedback>
            )}
            <Form.Text id="policy-kind-hint" muted>
              A trial key is for one device unless its max activations say more, and needs a duration; a
              product has at most one trial policy.
              {policy && ' The kind cannot change.'}
            </Form.Text>
          </Form.Group>
        </Col>
        <Col md={6}>
          <TextField
            controlId="policy-max"
            label="Max activations"
            type="number"
            hint="0 means unlimited."
            registration={form.register('maxActivations')}
            error={errors.maxActivations?.message}
          />
        </Col>
      </Row>
      <Row className="g-3">
        <Col md={6}>
          <Form.Group className="mb-3" controlId="policy-duration-unit">
            <Form.Label>Duration unit</Form.Label>
            <Form.Select {...form.register('durationUnit')}>
              <option value="perpetual">Perpetual (never expires)</option>
              {DURATION_UNITS.map((unit) => (
                <option key={unit} value={unit}>
                  {UNIT_LABELS[unit]}
                </option>
              ))}
            </Form.Select>
          </Form.Group>
        </Col>
        <Col md={6}>
          <TextField
            controlId="policy-duration"
            label="Duration"
            type="number"
            hint={perpetual ? 'Choose a unit to give keys an expiry.' : 'How many of the unit a key lasts.'}
            registration={form.register('durationCount', { disabled: perpetual })}
            error={errors.durationCount?.message}
          />
        </Col>
      </Row>
      <Row className="g-3">
        <Col md={6}>
          <Form.Group className="mb-3" controlId="policy-clock">
            <Form.Label>Clock starts</Form.Label>
            <Form.Select {...form.register('clockStarts')}>
              <option value="issue">When the key is issued</option>
              <option value="activation">At the key’s first activation</option>
            </Form.Select>
          </Form.Group>
        </Col>
        <Col md={6}>
          <Form.Group className="mb-3" controlId="policy-expiry-behaviour">
            <Form.Label>At expiry</Form.Label>
            <Form.Select {...form.register('expiryBehaviour')}>
              <option value="refuse">Refuse the key</option>
              <option value="allow">Allow it, reporting it expired</option>
            </Form.Select>
          </Form.Group>
        </Col>
      </Row>
      <TextField
        controlId="policy-grace"
        label="Grace days"
        type="number"
        hint="Days after expiry that a refused key still works (reported as expired)."
        registration={form.register('graceDays')}
        error={errors.graceDays?.message}
      />
      <fieldset className="mb-3" aria-describedby="policy-rules-hint">
        <legend className="fs-6 fw-semibold mb-1">Device rules</legend>
        <Form.Text id="policy-rules-hint" muted className="d-block mb-2">
          Leave a field empty to use your device policy.
        </Form.Text>
        <Controller
          control={form.control}
          name="rules"
          render={({ field }) => (
            <DeviceRulesFields
              idPrefix="policy-rules"
              values={field.value}
              onChange={field.onChange}
              invalidField={invalidRule}
              placeholders={{
                leaseSeconds: placeholder(ownerRules.data?.leaseSeconds),
                transfersPer30Days: placeholder(ownerRules.data?.transfersPer30Days),
                transferIdleSeconds: placeholder(ownerRules.data?.transferIdleSeconds),
              }}
            />
          )}
        />
        {ruleError && (
          <div className="invalid-feedback d-block" role="alert">
            {ruleError}
          </div>
        )}
      </fieldset>
      <Controller
        control={form.control}
        name="entitlements"
        render={({ field }) => (
          <EntitlementRowsField
            idPrefix="policy-entitlements"
            rows={field.value}
            onChange={(rows) => {
              setInvalidRow(undefined);
              field.onChange(rows);
            }}
            error={errors.entitlements?.message ?? errors.entitlements?.root?.message}
            invalidRow={invalidRow}
          />
        )}
      />
      <Form.Group controlId="policy-metadata">
        <Form.Label>Metadata (JSON, optional)</Form.Label>
        <Form.Control
          as="textarea"
          rows={4}
          className="font-monospace"
          placeholder='{"plan": "studio"}'
          isInvalid={Boolean(errors.metadata)}
          aria-invalid={errors.metadata ? true : undefined}
          aria-describedby="policy-metadata-hint"
          {...form.register('metadata')}
        />
        <Form.Control.Feedback type="invalid">{errors.metadata?.message}</Form.Control.Feedback>
        <Form.Text id="policy-metadata-hint" muted>
          Your own data about keys of this policy, returned with them. A JSON object of at most{' '}
          {LICENSING_LIMITS.metadataBytes} bytes.
        </Form.Text>
      </Form.Group>
    </FormDialog>
  );
}
