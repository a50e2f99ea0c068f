import type { ManagedUser } from '@app/contract';
import { Button } from 'react-bootstrap';
import { useToast } from '../../../components/toast/toast-context';
import { errorMessage } from '../../../lib/api-error';
import { useSetDisabled } from './api';

/** Disable (or re-enable) an account; a disabled account is refused on its next request. */
export function DisableButton({ user }: { user: ManagedUser }) {
  const toast = useToast();
  const mutation = useSetDisabled();
  const name = `${user.firstName} ${user.lastName}`;
  return (
    <Button
      size="sm"
      variant={user.disabled ? 'outline-success' : 'outline-danger'}
      disabled={mutation.isPending}
      aria-label={`${user.disabled ? 'Enable' : 'Disable'} ${name}`}
      onClick={() =>
        mutation.mutate(
          { userID: user.id, disabled: !user.disabled },
          {
            onSuccess: (reply) =>
              toast.show({ variant: 'success', message: `${name}: ${reply.message ?? 'saved'}` }),
            onError: (error) => toast.show({ variant: 'danger', message: errorMessage(error) }),
          },
        )
      }
    >
      {user.disabled ? 'Enable' : 'Disable'}
    </Button>
  );
}
