import { ZAddAgentRequest } from '@app/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { FormDialog } from '../../../components/form-dialog';
import { TextField } from '../../../components/text-field';
import { useToast } from '../../../components/toast/toast-context';
import { useAddAgent } from '../api';

// Whether the passwords match is the server's call (docs/product-contract.md §Validation); its message
// shows in the alert.
const ZAgentForm = ZAddAgentRequest.omit({ businessID: true });
type AgentForm = z.input<typeof ZAgentForm>;
const EMPTY: AgentForm = { firstName: '', lastName: '', email: '', password: '', confirmationPassword: '' };

interface RegisterAgentModalProps {
  businessId: string;
  show: boolean;
  onHide: () => void;
}

/** docs/product-contract.md §Screens (Profile): the 'Add new Agent' dialog, titled 'Register Agent'. */
export function RegisterAgentModal({ businessId, show, onHide }: RegisterAgentModalProps) {
  const toast = useToast();
  const mutation = useAddAgent();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<AgentForm, unknown, z.output<typeof ZAgentForm>>({
    resolver: zodResolver(ZAgentForm),
    defaultValues: EMPTY,
  });

  const close = () => {
    reset(EMPTY);
    mutation.reset();
    onHide();
  };

  const onSubmit = handleSubmit((values) =>
    mutation.mutate(
      { ...values, businessID: businessId },
      {
        onSuccess: (reply) => {
          toast.show({
            message: `${reply.message}: ${reply.agent.email} can now sign in`,
            variant: 'success',
          });
          close();
        },
      },
    ),
  );

  return (
    <FormDialog
      show={show}
      onHide={close}
      centered
      title="Register Agent"
      onSubmit={onSubmit}
      error={mutation.error}
      pending={mutation.isPending}
      submitLabel="Register"
      pendingLabel="Registering"
    >
      <TextField
        controlId="agent-first-name"
        label="First name"
        autoComplete="off"
        registration={register('firstName')}
        error={errors.firstName?.message}
      />
      <TextField
        controlId="agent-last-name"
        label="Last name"
        autoComplete="off"
        registration={register('lastName')}
        error={errors.lastName?.message}
      />
      <TextField
        controlId="agent-email"
        label="Email"
        type="email"
        autoComplete="off"
        registration={register('email')}
        error={errors.email?.message}
      />
      <TextField
        controlId="agent-password"
        label="Password"
        type="password"
        autoComplete="new-password"
        registration={register('password')}
        error={errors.password?.message}
        hint="The agent signs in with this email and password."
      />
      <TextField
        controlId="agent-confirm-password"
        label="Confirm password"
        type="password"
        autoComplete="new-password"
        registration={register('confirmationPassword')}
        error={errors.confirmationPassword?.message}
      />
    </FormDialog>
  );
}
