import { type ManagedUser, SESSION_PATHS, ZOkResponse } from '@app/contract';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from 'react-bootstrap';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useToast } from '../../../components/toast/toast-context';
import { apiRequest } from '../../../lib/api-client';

/** Ends every session of a person at once (decision 033); they sign in again, nothing else changes. */
export function SignOutEverywhereButton({ user }: { user: ManagedUser }) {
  const toast = useToast();
  const [asking, setAsking] = useState(false);
  const mutation = useMutation({
    mutationFn: () =>
      apiRequest(SESSION_PATHS.adminSignOutEverywhere, { body: { userID: user.id }, schema: ZOkResponse }),
  });
  const name = `${user.firstName} ${user.lastName}`;
  return (
    <>
      <Button
        size="sm"
        variant="outline-secondary"
        aria-label={`Sign ${name} out everywhere`}
        onClick={() => setAsking(true)}
      >
        Sign out everywhere
      </Button>
      {asking ? (
        <ConfirmDialog
          title={`Sign ${name} out everywhere?`}
          confirmLabel="Sign out everywhere"
          pending={mutation.isPending}
          error={mutation.error}
          onHide={() => setAsking(false)}
          onConfirm={() =>
            mutation.mutate(undefined, {
              onSuccess: (reply) => {
                setAsking(false);
                toast.show({ variant: 'success', message: reply.message ?? `${name} was signed out` });
              },
            })
          }
        >
          Every device {name} is signed in on will have to sign in again.
        </ConfirmDialog>
      ) : null}
    </>
  );
}
