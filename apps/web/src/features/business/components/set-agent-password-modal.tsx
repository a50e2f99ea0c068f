import { type Agent, ZSetAgentPasswordRequest } from '@app/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { FormDialog } from '../../../components/form-dialog';
import { TextField } from '../../../components/text-field';
import { useToast } from '../../../components/toast/toast-context';
import { useSetAgentPassword } from '../api';

// As in 'Register Agent', whether the passwords match is the server's call; its message shows above.
const ZPasswordForm = ZSetAgentPasswordRequest.omit({ businessID: true, agentID: true });
type PasswordForm = z.input<typeof ZPasswordForm>;
const EMPTY: PasswordForm = { password: '', confirmationPassword: '' };

interface SetAgentPasswordModalProps {
  businessId: string;
  agent: Agent;
  onHide: () => void;
}

/** An agent who lost their password asks the owner, who sets a new one here (extension). */
export function SetAgentPasswordModal({ businessId, agent, onHide }: SetAgentPasswordModalProps) {
  const toast = useToast();
  const mutation = useSetAgentPassword();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<PasswordForm, unknown, z.output<typeof ZPasswordForm>>({
    resolver: zodResolver(ZPasswordForm),
    defaultValues: EMPTY,
  });

  const onSubmit = handleSubmit((values) =>
    mutation.mutate(
      { ...values, businessID: businessId, agentID: agent.id },
      {
        onSuccess: (reply) => {
          toast.show({ message: reply.message ?? 'Password changed', variant: 'success' });
          onHide();
        },
      },
    ),
  );

  return (
    <FormDialog
      onHide={onHide}
      centered
      title="Set a new password"
      onSubmit={onSubmit}
      intro={
        <p>
          For {agent.firstName} {agent.lastName} ({agent.email}). They are signed out on every device and sign
          in again with the new password.
        </p>
      }
      error={mutation.error}
      pending={mutation.isPending}
      submitLabel="Set password"
      pendingLabel="Saving"
    >
      <TextField
        controlId="agent-new-password"
        label="New password"
        type="password"
        autoComplete="new-password"
        registration={register('password')}
        error={errors.password?.message}
      />
      <TextField
        controlId="agent-new-password-confirm"
        label="Confirm new password"
        type="password"
        autoComplete="new-password"
        registration={register('confirmationPassword')}
        error={errors.confirmationPassword?.message}
      />
    </FormDialog>
  );
}
