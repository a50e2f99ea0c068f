import {
  type DashboardKey,
  type ExportKeysQuery,
  KEY_SEARCH_MIN,
  KEY_SEARCH_TOO_SHORT_MESSAGE,
} from '@app/contract';
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
import { useProductOptions } from '../products-api';
import { AddKeyDialog } from './add-key-dialog';
import { BulkKeyActions } from './bulk-key-actions';
import { DevicePolicyDialog } from './device-policy-dialog';
import { DevicesDialog } from './devices-dialog';
import { EditKeyDialog } from './edit-key-dialog';
import { EntitlementsDialog } from './entitlements-dialog';
import { KeyRow, type KeyRowAction } from './key-row';

const SEARCH_DEBOUNCE_MS = 300;

const FILTER_LABELS: Record<KeyFilter, string> = {
  all: 'All keys',
  active: 'Active',
  disabled: 'Disabled',
  'at-limit': 'At activation limit',
};

/**
 * Keys tab: one server page at a time (decision 025) — search as you type (debounced, on the server),
 * filters (state, product, customer; decision 032), Newer/Older pages by cursor — plus add, the active
 * switch (saved at once), edit, copy, delete, and the bulk actions (issue, import, export). Each key
 * links to its page. The total comes from the dashboard's maintained counters.
 */
export function KeysTab({ maxKeysAllowed, total }: { maxKeysAllowed: number; total: number }) {
  const [typed, setTyped] = useState('');
  const [filter, setFilter] = useState<KeyFilter>('all');
  const [productId, setProductId] = useState('');
  const [typedCustomer, setTypedCustomer] = useState('');
  const products = useProductOptions();
  const settled = useDebouncedValue(typed.trim(), SEARCH_DEBOUNCE_MS);
  const customer = useDebouncedValue(typedCustomer.trim(), SEARCH_DEBOUNCE_MS);
  const tooShort = settled.length > 0 && settled.length < KEY_SEARCH_MIN;
  const search = tooShort ? '' : settled;
  // A new search or filter starts from the first page.
  const pages = useCursorPages(`${filter}\n${search}\n${productId}\n${customer}`);
  const keys = useLicenceKeyPage({ search, filter, productId, customer, cursor: pages.cursor });
  // The export takes the list's filters as they stand in the boxes, not as debounced: a click right
  // after editing the search exports what the box says, which the list shows 300 ms later.
  const typedSearch = typed.trim().length >= KEY_SEARCH_MIN ? typed.trim() : '';
  const exportQuery: ExportKeysQuery = {
    ...(productId ? { product_id: productId } : {}),
    ...(typedCustomer.trim() ? { customer: typedCustomer.trim() } : {}),
    ...(filter === 'active' ? { is_active: 'true' } : {}),
    ...(filter === 'disabled' ? { is_active: 'false' } : {}),
    ...(filter === 'at-limit' ? { at_limit: 'true' } : {}),
    ...(typedSearch ? { search: typedSearch } : {}),
  };
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
  const narrowed = search !== '' || filter !== 'all' || productId !== '' || customer !== '';
  const act = (licence: DashboardKey, action: KeyRowAction) => {
    if (action === 'devices') setDevicesOf(licence);
    else if (action === 'edit') setEditing(licence);
    else if (action === 'entitlements') setEntitling(licence);
    else setDeleting(licence);
  };

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
          <Form.Select
            aria-label="Product"
            value={productId}
            onChange={(event) => setProductId(event.target.value)}
            className="w-auto"
            disabled={!products.data}
          >
            <option value="">All products</option>
            {products.data?.map((product) => (
              <option key={product.id} value={product.id}>
                {product.name}
              </option>
            ))}
          </Form.Select>
          <Form.Control
            type="search"
            placeholder="Customer email or ID"
            aria-label="Customer"
            value={typedCustomer}
            onChange={(event) => setTypedCustomer(event.target.value)}
            className="w-auto"
          />
          <Button variant="outline-secondary" onClick={() => setEditingPolicy(true)} className="text-nowrap">
            Device policy
          </Button>
          <Button onClick={() => setAdding(true)} className="text-nowrap">
            Add key
          </Button>
        </div>
      </div>
      <div className="d-flex flex-wrap gap-2 justify-content-end mb-3">
        <BulkKeyActions exportQuery={exportQuery} />
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
              <th scope="col">Status</th>
              <th scope="col">Expires</th>
              <th scope="col">Customer</th>
              <th scope="col">Activations</th>
              <th scope="col">Active</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {visible.map((licence) => (
              <KeyRow
                key={licence.id}
                licence={licence}
                switching={change.isPending && change.variables?.id === licence.id}
                onToggle={() => toggle(licence)}
                onAction={(action) => act(licence, action)}
              />
            ))}
          </tbody>
        </StackedTable>
      )}
      {keys.data && visible.length === 0 && narrowed && (
        <p>{search ? `No key matches “${search}”.` : 'No key matches these filters.'}</p>
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
