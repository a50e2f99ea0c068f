import type { KeyDevicePolicy } from '@app/contract';
import { type FormEvent, useState } from 'react';
import { Form } from 'react-bootstrap';
import { FormErrorAlert } from '../../../components/form-error-alert';
import { SubmitButton } from '../../../components/submit-button';
import { useToast } from '../../../components/toast/toast-context';
import { useDevicePolicy, useSetKeyDevicePolicy } from '../devices-api';
import { DeviceRulesFields, type RuleTexts, ruleField } from './device-rules-fields';

const text = (value: number | null) => (value === null ? '' : String(value));
const numberOrNull = (value: string) => (value.trim() === '' ? null : Number(value));

/** One key's own device rules; an empty field follows the account's device policy. */
export function KeyDeviceRulesForm({ keyId, keyPolicy }: { keyId: string; keyPolicy: KeyDevicePolicy }) {
  const toast = useToast();
  const defaults = useDevicePolicy();
  const save = useSetKeyDevicePolicy();
  const [values, setValues] = useState<RuleTexts>({
    leaseSeconds: text(keyPolicy.leaseSeconds),
    transfersPer30Days: text(keyPolicy.transfersPer30Days),
    transferIdleSeconds: text(keyPolicy.transferIdleSeconds),
  });
  const placeholder = (value: number | undefined) =>
    value === undefined ? 'Account default' : `Account default (${value})`;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(
      {
        keyId,
        leaseSeconds: numberOrNull(values.leaseSeconds),
        transfersPer30Days: numberOrNull(values.transfersPer30Days),
        transferIdleSeconds: numberOrNull(values.transferIdleSeconds),
      },
      { onSuccess: () => toast.show({ message: 'Device rules saved' }) },
    );
  };

  return (
    <Form noValidate onSubmit={onSubmit} aria-labelledby="key-rules-title" className="border-top pt-3 mt-3">
      <h3 id="key-rules-title" className="h6">
        This key’s device rules
      </h3>
      <p className="small text-body-secondary">Leave a field empty to use the account’s device policy.</p>
      <FormErrorAlert error={save.error} />
      <DeviceRulesFields
        idPrefix="key-rules"
        values={values}
        onChange={setValues}
        invalidField={ruleField(save.error)}
        placeholders={{
          leaseSeconds: placeholder(defaults.data?.leaseSeconds),
          transfersPer30Days: placeholder(defaults.data?.transfersPer30Days),
          transferIdleSeconds: placeholder(defaults.data?.transferIdleSeconds),
        }}
      />
      <div className="mt-3">
        <SubmitButton pending={save.isPending} pendingLabel="Saving">
          Save key rules
        </SubmitButton>
      </div>
    </Form>
  );
}
