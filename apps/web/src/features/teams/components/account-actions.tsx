import type { AccountContextResponse } from '@app/contract';
import { type FormEvent, useState } from 'react';
import { Button, Form } from 'react-bootstrap';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { FormDialog } from '../../../components/form-dialog';
import { useToast } from '../../../components/toast/toast-context';
import { useLeaveAccount, useMembers, useRenameAccount, useTransferAccount } from '../api';

/** Rename (owners and admins), transfer (the owner), leave (everyone but the owner). */
export function AccountActions({ context, manage }: { context: AccountContextResponse; manage: boolean }) {
  const account = context.account;
  const [open, setOpen] = useState<'rename' | 'transfer' | 'leave' | null>(null);
  if (!account) return null;
  const isOwner = account.role === 'owner';
  return (
    <div className="d-flex flex-wrap gap-2">
      {manage ? (
        <Button variant="outline-secondary" size="sm" onClick={() => setOpen('rename')}>
          Rename account
        </Button>
      ) : null}
      {isOwner ? (
        <Button variant="outline-secondary" size="sm" onClick={() => setOpen('transfer')}>
          Transfer ownership
        </Button>
      ) : (
        <Button variant="outline-danger" size="sm" onClick={() => setOpen('leave')}>
          Leave account
        </Button>
      )}
      {open === 'rename' ? <RenameDialog current={account.name} onHide={() => setOpen(null)} /> : null}
      {open === 'transfer' ? <TransferDialog me={context.person.id} onHide={() => setOpen(null)} /> : null}
      {open === 'leave' ? <LeaveDialog name={account.name} onHide={() => setOpen(null)} /> : null}
    </div>
  );
}

function RenameDialog({ current, onHide }: { current: string; onHide: () => void }) {
  const rename = useRenameAccount();
  const toast = useToast();
  const [name, setName] = useState(current);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    rename.mutate(name, {
      onSuccess: () => {
        toast.show({ message: 'Account renamed' });
        onHide();
      },
    });
  };
  return (
    <FormDialog
      title="Rename account"
      onSubmit={submit}
      onHide={onHide}
      error={rename.error}
      pending={rename.isPending}
      submitLabel="Save name"
    >
      <Form.Group controlId="account-name">
        <Form.Label>Account name</Form.Label>
        <Form.Control required value={name} onChange={(event) => setName(event.target.value)} autoFocus />
        <Form.Text>Members see it in their account switcher and in invitations.</Form.Text>
      </Form.Group>
    </FormDialog>
  );
}

function TransferDialog({ me, onHide }: { me: string; onHide: () => void }) {
  const transfer = useTransferAccount();
  const members = useMembers(undefined);
  const toast = useToast();
  const [userId, setUserId] = useState('');
  const [password, setPassword] = useState('');
  const others = members.data?.members.filter((member) => member.userId !== me) ?? [];
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    transfer.mutate(
      { userId, currentPassword: password },
      {
        onSuccess: () => {
          toast.show({ message: 'Account transferred; you are now an admin of it' });
          onHide();
        },
      },
    );
  };
  return (
    <FormDialog
      title="Transfer ownership"
      onSubmit={submit}
      onHide={onHide}
      error={transfer.error}
      pending={transfer.isPending}
      submitLabel="Transfer"
      intro="The new owner gets every right, including transferring it again; you stay as an admin."
    >
      <Form.Group controlId="transfer-member" className="mb-3">
        <Form.Label>New owner</Form.Label>
        <Form.Select required value={userId} onChange={(event) => setUserId(event.target.value)}>
          <option value="">Choose a member…</option>
          {others.map((member) => (
            <option key={member.userId} value={member.userId}>
              {member.firstName} {member.lastName} ({member.email})
            </option>
          ))}
        </Form.Select>
      </Form.Group>
      <Form.Group controlId="transfer-password">
        <Form.Label>Your current password</Form.Label>
        <Form.Control
          type="password"
          required
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
      </Form.Group>
    </FormDialog>
  );
}

function LeaveDialog({ name, onHide }: { name: string; onHide: () => void }) {
  const leave = useLeaveAccount();
  const navigate = useNavigate();
  const toast = useToast();
  return (
    <ConfirmDialog
      title="Leave account"
      confirmLabel="Leave account"
      pending={leave.isPending}
      error={leave.error}
      onHide={onHide}
      onConfirm={() =>
        leave.mutate(undefined, {
          onSuccess: () => {
            toast.show({ message: `You left ${name}` });
            onHide();
            navigate('/profile', { replace: true });
          },
        })
      }
    >
      You lose access to “{name}” at once; an owner or admin can invite you again.
    </ConfirmDialog>
  );
}
