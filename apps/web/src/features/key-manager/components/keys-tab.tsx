import type { DashboardKey } from '@app/contract';
import { useMemo, useState } from 'react';
import { Alert, Button, Form } from 'react-bootstrap';
import { QueryState } from '../../../app/layout/query-state';
import { useToast } from '../../../app/providers/toast-context';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { StackedTable } from '../../../components/stacked-table';
import { errorMessage } from '../../../lib/api-error';
import { useChangeKey, useLicenceKeys, useRemoveKey } from '../api';
import { AddKeyDialog } from './add-key-dialog';
import { CopyButton } from './copy-button';
import { EditKeyDialog } from './edit-key-dialog';
import { EntitlementsDialog } from './entitlements-dialog';

function matches(licence: DashboardKey, search: string): boolean {
  const needle = search.trim().toLowerCase();
  return (
    !needle ||
    licence.key.toLowerCase().includes(needle) ||
    (licence.name ?? '').toLowerCase().includes(needle)
  );
}

/** Keys tab: search, add, the active switch (saved at once), edit, copy and delete. */
export function KeysTab({ maxKeysAllowed }: { maxKeysAllowed: number }) {
  const keys = useLicenceKeys();
  const change = useChangeKey();
  const remove = useRemoveKey();
  const toast = useToast();
  const [search, setSearch] = useState('');
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<DashboardKey | null>(null);
  const [deleting, setDeleting] = useState<DashboardKey | null>(null);
  const [entitling, setEntitling] = useState<DashboardKey | null>(null);
  const visible = useMemo(() => (keys.data ?? []).filter((k) => matches(k, search)), [keys.data, search]);

  const toggle = (licence: DashboardKey) =>
    change.mutate(
      { id: licence.id, is_active: !licence.is_active },
      {
        onSuccess: (reply) => toast.show({ message: `Key ${reply.key.is_active ? 'enabled' : 'disabled'}` }),
        onError: (error) => toast.show({ variant: 'danger', message: errorMessage(error) }),
      },
    );

  return (
    <section aria-labelledby="km-keys-title">
      <div className="d-flex flex-wrap gap-2 align-items-end justify-content-between mb-3">
        <h2 id="km-keys-title" className="h5 mb-0">
          Licence keys{' '}
          <small className="text-body-secondary">
            ({keys.data?.length ?? 0} of {maxKeysAllowed === 0 ? 'unlimited' : maxKeysAllowed})
          </small>
        </h2>
        <div className="d-flex gap-2">
          <Form.Control
            type="search"
            placeholder="Search by key or name"
            aria-label="Search keys"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
          />
          <Button onClick={() => setAdding(true)} className="text-nowrap">
            Add key
          </Button>
        </div>
      </div>
      <QueryState isPending={keys.isPending} error={keys.error} onRetry={() => keys.refetch()} />
      {keys.data && keys.data.length === 0 && (
        <Alert variant="light">No keys yet. Add one to protect an application.</Alert>
      )}
      {visible.length > 0 && (
        <StackedTable responsive hover className="align-middle">
          <thead>
            <tr>
              <th scope="col">Key</th>
              <th scope="col">Activations</th>
              <th scope="col">Active</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {visible.map((licence) => (
              <tr key={licence.id} data-testid={`key-row-${licence.key}`}>
                <td>
                  {licence.name && <div className="small text-body-secondary">{licence.name}</div>}
                  <span className="font-monospace me-2">{licence.key}</span>
                  <CopyButton text={licence.key} label={`Copy key ${licence.key}`} />
                </td>
                <td>
                  {licence.current_activations} /{' '}
                  {licence.max_activations === 0 ? '∞' : licence.max_activations}
                </td>
                <td>
                  <Form.Check
                    type="switch"
                    role="switch"
                    id={`key-active-${licence.id}`}
                    checked={licence.is_active}
                    disabled={change.isPending && change.variables?.id === licence.id}
                    onChange={() => toggle(licence)}
                    aria-label={`Active: ${licence.key}`}
                  />
                </td>
                <td className="text-end text-nowrap">
                  <Button
                    size="sm"
                    variant="outline-primary"
                    className="me-2"
                    onClick={() => setEditing(licence)}
                  >
                    Edit<span className="visually-hidden"> {licence.key}</span>
                  </Button>
                  <Button
                    size="sm"
                    variant="outline-secondary"
                    className="me-2"
                    onClick={() => setEntitling(licence)}
                  >
                    Entitlements<span className="visually-hidden"> {licence.key}</span>
                  </Button>
                  <Button size="sm" variant="outline-danger" onClick={() => setDeleting(licence)}>
                    Delete<span className="visually-hidden"> {licence.key}</span>
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </StackedTable>
      )}
      {keys.data && keys.data.length > 0 && visible.length === 0 && <p>No key matches “{search}”.</p>}
      <AddKeyDialog show={adding} onHide={() => setAdding(false)} />
      {entitling && <EntitlementsDialog licence={entitling} onHide={() => setEntitling(null)} />}
      {editing && <EditKeyDialog key={editing.id} licence={editing} onHide={() => setEditing(null)} />}
      {deleting && (
        <ConfirmDialog
          title="Delete key"
          confirmLabel="Delete key"
          pending={remove.isPending}
          error={remove.error}
          onHide={() => {
            remove.reset();
            setDeleting(null);
          }}
          onConfirm={() =>
            remove.mutate(deleting.id, {
              onSuccess: () => {
                toast.show({ message: 'Key deleted' });
                setDeleting(null);
              },
            })
          }
        >
          <p>
            Delete <span className="font-monospace">{deleting.key}</span>? Applications using it will get
            “Invalid Key Provided”. This cannot be undone.
          </p>
        </ConfirmDialog>
      )}
    </section>
  );
}
