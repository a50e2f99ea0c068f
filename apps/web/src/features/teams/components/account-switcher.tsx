import { ACCOUNT_ROLE_LABELS } from '@app/contract';
import { Form } from 'react-bootstrap';
import { useToast } from '../../../components/toast/toast-context';
import { useAccountContext } from '../../../lib/account-context';
import { errorMessage } from '../../../lib/api-error';
import { useSwitchAccount } from '../api';

/**
 * Which account this session acts for (decision 033), shown when the person belongs to more than
 * one. A switch drops every cached answer: the pages re-read as the other account.
 */
export function AccountSwitcher() {
  const { data: context } = useAccountContext();
  const switching = useSwitchAccount();
  const toast = useToast();
  if (!context || context.accounts.length < 2) return null;
  return (
    <Form.Group controlId="account-switcher" className="d-flex align-items-center gap-2 mb-3">
      <Form.Label className="mb-0 text-nowrap">Acting for</Form.Label>
      <Form.Select
        className="w-auto"
        value={context.account?.id ?? ''}
        disabled={switching.isPending}
        onChange={(event) =>
          switching.mutate(event.target.value, {
            onSuccess: () => {
              const next = context.accounts.find((account) => account.id === event.target.value);
              toast.show({ message: `Now acting for ${next?.name ?? 'the account'}` });
            },
            onError: (failure) => toast.show({ variant: 'danger', message: errorMessage(failure) }),
          })
        }
      >
        {context.account ? null : <option value="">Choose an account…</option>}
        {context.accounts.map((account) => (
          <option key={account.id} value={account.id}>
            {account.name} ({ACCOUNT_ROLE_LABELS[account.role]})
          </option>
        ))}
      </Form.Select>
    </Form.Group>
  );
}
