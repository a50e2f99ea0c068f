import {
  SANDBOX_RENEWAL_DECLINED_CARD,
  SANDBOX_TEST_CARD,
  type SandboxCardRequest,
  type Subscription,
  ZSandboxCardRequest,
} from '@app/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { FormDialog } from '../../../components/form-dialog';
import { useToast } from '../../../components/toast/toast-context';
import { useSandboxCard } from '../renewals-api';
import { CardFields } from './card-fields';

/**
 * The sandbox's "Update card" (decision 021): the card is saved for renewals; a renewal that is due
 * (past due, in grace or suspended) is charged with it at once.
 */
export function UpdateCardDialog({
  subscription,
  onHide,
}: {
  subscription: Subscription;
  onHide: () => void;
}) {
  const save = useSandboxCard();
  const toast = useToast();
  const form = useForm<SandboxCardRequest>({
    resolver: zodResolver(ZSandboxCardRequest),
    defaultValues: {
      subscriptionID: subscription.id,
      cardNumber: '',
      expiry: '',
      cvc: '',
      firstName: '',
      lastName: '',
    },
  });
  const errors = form.formState.errors;
  return (
    <FormDialog
      onHide={onHide}
      title={`Update card — ${subscription.product}`}
      formLabel="Update card"
      onSubmit={form.handleSubmit((values) =>
        save.mutate(values, {
          onSuccess: (reply) => {
            const paid = reply.subscription.renewal.status === 'active';
            toast.show({ message: reply.message, variant: paid ? 'success' : 'danger' });
            if (paid) onHide();
          },
        }),
      )}
      intro={
        <p className="small text-body-secondary">
          Test mode — no real charge. <code>{SANDBOX_TEST_CARD}</code> renews;{' '}
          <code>{SANDBOX_RENEWAL_DECLINED_CARD}</code> declines every renewal.
        </p>
      }
      error={save.error}
      pending={save.isPending}
      submitLabel="Save card"
      pendingLabel="Saving…"
      cancelLabel="Close"
    >
      <CardFields idPrefix="update-card" register={(name) => form.register(name)} errors={errors} />
    </FormDialog>
  );
}
