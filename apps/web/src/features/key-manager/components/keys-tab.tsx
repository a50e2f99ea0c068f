import { type DashboardKey, KEY_SEARCH_MIN, KEY_SEARCH_TOO_SHORT_MESSAGE } from '@app/contract';
import { useState } from 'react';
import { Alert, Button, Form } from 'react-bootstrap';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { CursorPager } from '../../../components/cursor-pager';
import { QueryState } from '../../../components/query-state';
import { StackedTable } from '../../../components/stacked-table';
import { useToast } from '../../../components/toast/toast-context';
import { errorMessage } from '../../../lib/api-error';
import { useCursorPages } from '../../../lib/use-cursor-pages';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { type KeyFilter, useChangeKey, useLicenceKeyPage, useRemoveKey } from '../api';
import { AddKeyDialog } from './add-key-dialog';
import { CopyButton } from './copy-button';
import { DevicePolicyDialog } from './device-policy-dialog';
import { DevicesDialog } from './devices-dialog';
import { EditKeyDialog } from './edit-key-dialog';
import { EntitlementsDialog } from './entitlements-dialog';

const SEARCH_DEBOUNCE_MS = 300;

const FILTER_LABELS: Record<KeyFilter, string> = {
  all: 'All keys',
  active: 'Active',
  disabled: 'Disabled',
  'at-limit': 'At activation limit',
};

/**
 * Keys tab: one server page at a time (decision 025) — search as you type (debounced, on the server),
 * a filter, Newer/Older pages by cursor — plus add, the active switch (saved at once), edit, copy
 * and delete. The total comes from the dashboard's maintained counters.
 */
export function KeysTab({ maxKeysAllowed, total }: { maxKeysAllowed: number; total: number }) {
  const [typed, setTyped] = useState('');
  const [filter, setFilter] = useState<KeyFilter>('all');
  const settled = useDebouncedValue(typed.trim(), SEARCH_DEBOUNCE_MS);
  const tooShort = settled.length > 0 && settled.length < KEY_SEARCH_MIN;
  const search = tooShort ? '' : settled;
  // A new search or filter starts from the first page.
  const pages = useCursorPages(`${filter}\n${search}`);
  const keys = useLicenceKeyPage({ search, filter, cursor: pages.cursor });
  const change = useChangeKey();
  const remove = useRemoveKey();
  const toast = useToast();
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<DashboardKey | null>(null);
  const [deleting, setDeleting] = useState<DashboardKey | null>(null);
  const [devicesOf, setDevicesOf] = useState<DashboardKey | null>(null);
  const [editingPolicy, setEditingPolicy] = useState(false);
  const [entitling, setEntitling] = useState<DashboardKey | null>(null);
  const visible = keys.data?.keys ?? [];
  const narrowed = search !== '' || filter !== 'all';

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
            ({total.toLocaleString()} of {maxKeysAllowed === 0 ? 'unlimited' : maxKeysAllowed})
          </small>
        </h2>
        <div className="d-flex flex-wrap gap-2">
          <div>
            <Form.Control
              type="search"
              placeholder="Search by key or name"
              aria-label="Search keys"
              aria-describedby={tooShort ? 'km-keys-search-help' : undefined}
              value={typed}
              onChange={(event) => setTyped(event.target.value)}
            />
            {tooShort && <Form.Text id="km-keys-search-help">{KEY_SEARCH_TOO_SHORT_MESSAGE}</Form.Text>}
          </div>
          <Form.Select
            aria-label="Show"
            value={filter}
            onChange={(event) => setFilter(event.target.value as KeyFilter)}
            className="w-auto"
          >
            {(Object.keys(FILTER_LABELS) as KeyFilter[]).map((value) => (
              <option key={value} value={value}>
                {FILTER_LABELS[value]}
              </option>
            ))}
          </Form.Select>
          <Button variant="outline-secondary" onClick={() => setEditingPolicy(true)} className="text-nowrap">
            Device policy
          </Button>
          <Button onClick={() => setAdding(true)} className="text-nowrap">
            Add key
          </Button>
        </div>
      </div>
      <QueryState isPending={keys.isPending} error={keys.error} onRetry={() => keys.refetch()} />
      {keys.data && visible.length === 0 && !narrowed && pages.page === 1 && (
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
                    variant="outline-secondary"
                    className="me-2"
                    onClick={() => setDevicesOf(licence)}
                  >
                    Devices<span className="visually-hidden"> of {licence.key}</span>
                  </Button>
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
      {keys.data && visible.length === 0 && narrowed && (
        <p>{search ? `No key matches “${search}”.` : 'No key matches this filter.'}</p>
      )}
      <CursorPager
        label="Key pages"
        page={pages.page}
        nextCursor={keys.data?.nextCursor}
        onNext={pages.next}
        onPrevious={pages.previous}
        busy={keys.isPlaceholderData}
        previousLabel="Newer"
        nextLabel="Older"
      />
      <AddKeyDialog show={adding} onHide={() => setAdding(false)} />
      {devicesOf && (
        <DevicesDialog key={devicesOf.id} licence={devicesOf} onHide={() => setDevicesOf(null)} />
      )}
      {editingPolicy && <DevicePolicyDialog onHide={() => setEditingPolicy(false)} />}
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
