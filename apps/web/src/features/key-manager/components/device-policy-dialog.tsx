import type { DevicePolicy } from '@app/contract';
import { type FormEvent, useState } from 'react';
import { Button, Form, Modal } from 'react-bootstrap';
import { QueryState } from '../../../app/layout/query-state';
import { useToast } from '../../../app/providers/toast-context';
import { FormErrorAlert } from '../../../components/form-error-alert';
import { SubmitButton } from '../../../components/submit-button';
import { useDevicePolicy, useSetDevicePolicy } from '../devices-api';
import { DeviceRulesFields, type RuleTexts, ruleField } from './device-rules-fields';

/** The account's device policy: the lease and transfer rules of every key without its own. */
export function DevicePolicyDialog({ onHide }: { onHide: () => void }) {
  const policy = useDevicePolicy();
  return (
    <Modal show onHide={onHide} size="lg" aria-labelledby="device-policy-title">
      <Modal.Header closeButton>
        <Modal.Title id="device-policy-title">Device policy</Modal.Title>
      </Modal.Header>
      <QueryState isPending={policy.isPending} error={policy.error} onRetry={() => policy.refetch()} />
      {policy.data && <PolicyForm policy={policy.data} onHide={onHide} />}
    </Modal>
  );
}

function PolicyForm({ policy, onHide }: { policy: DevicePolicy; onHide: () => void }) {
  const toast = useToast();
  const save = useSetDevicePolicy();
  const [values, setValues] = useState<RuleTexts>({
    leaseSeconds: String(policy.leaseSeconds),
    transfersPer30Days: String(policy.transfersPer30Days),
    transferIdleSeconds: String(policy.transferIdleSeconds),
  });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(
      {
        leaseSeconds: Number(values.leaseSeconds || 0),
        transfersPer30Days: Number(values.transfersPer30Days || 0),
        transferIdleSeconds: Number(values.transferIdleSeconds || 0),
      },
      {
        onSuccess: () => {
          toast.show({ message: 'Device policy saved' });
          onHide();
        },
      },
    );
  };
  return (
    <Form noValidate onSubmit={onSubmit}>
      <Modal.Body>
        <p className="small">
          Applies to every key that does not set its own rules (Keys → Devices). A lease releases the slot of
          a device that stops sending heartbeats; transfers let a reinstall take the slot of an idle device
          without writing to you.
        </p>
        <FormErrorAlert error={save.error} />
        <DeviceRulesFields
          idPrefix="device-policy"
          values={values}
          onChange={setValues}
          invalidField={ruleField(save.error)}
        />
      </Modal.Body>
      <Modal.Footer>
        <Button variant="secondary" onClick={onHide}>
          Cancel
        </Button>
        <SubmitButton pending={save.isPending} pendingLabel="Saving">
          Save policy
        </SubmitButton>
      </Modal.Footer>
    </Form>
  );
}
