import type { DevicePolicy } from '@app/contract';
import { useState } from 'react';
import { FormDialog } from '../../../components/form-dialog';
import { QueryState } from '../../../components/query-state';
import { useToast } from '../../../components/toast/toast-context';
import { useDevicePolicy, useSetDevicePolicy } from '../devices-api';
import { DeviceRulesFields, type RuleTexts, ruleField } from './device-rules-fields';

const texts = (policy: DevicePolicy): RuleTexts => ({
  leaseSeconds: String(policy.leaseSeconds),
  transfersPer30Days: String(policy.transfersPer30Days),
  transferIdleSeconds: String(policy.transferIdleSeconds),
});

/** The account's device policy: the lease and transfer rules of every key without its own. */
export function DevicePolicyDialog({ onHide }: { onHide: () => void }) {
  const toast = useToast();
  const policy = useDevicePolicy();
  const save = useSetDevicePolicy();
  // Until the owner types, the fields show the saved policy (known once it has loaded).
  const [edited, setEdited] = useState<RuleTexts | null>(null);
  const values = edited ?? (policy.data ? texts(policy.data) : null);

  const onSubmit = () => {
    if (!values) return;
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
    <FormDialog
      onHide={onHide}
      size="lg"
      title="Device policy"
      onSubmit={onSubmit}
      intro={
        <p className="small">
          Applies to every key that does not set its own rules (Keys → Devices). A lease releases the slot of
          a device that stops sending heartbeats; transfers let a reinstall take the slot of an idle device
          without writing to you.
        </p>
      }
      error={save.error}
      pending={save.isPending}
      submitDisabled={!values}
      submitLabel="Save policy"
      pendingLabel="Saving"
    >
      {values ? (
        <DeviceRulesFields
          idPrefix="device-policy"
          values={values}
          onChange={setEdited}
          invalidField={ruleField(save.error)}
        />
      ) : (
        <QueryState isPending={policy.isPending} error={policy.error} onRetry={() => policy.refetch()} />
      )}
    </FormDialog>
  );
}
