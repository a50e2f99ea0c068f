import type { DeviceStatus, OwnerDevice } from '@app/contract';
import { useState } from 'react';
import { Alert, Badge, Button, Form } from 'react-bootstrap';
import { Link } from 'react-router';
import { CursorPager } from '../../../components/cursor-pager';
import { QueryState } from '../../../components/query-state';
import { StackedTable } from '../../../components/stacked-table';
import { useCursorPages } from '../../../lib/use-cursor-pages';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { keyPagePath } from '../key-page-api';
import { useOwnerDevicePage } from '../owner-devices-api';
import { useProductOptions } from '../products-api';
import { ReleaseDeviceConfirm } from './key-devices-panel';

const SEARCH_DEBOUNCE_MS = 300;
const SEARCH_MIN = 3;
const when = (iso: string) => new Date(iso).toLocaleString();

const STATUS_LABELS: Record<DeviceStatus | '', string> = {
  '': 'Any status',
  active: 'Active',
  lapsed: 'Lease lapsed',
};

/**
 * Devices tab (issue 26): every device of the owner's keys, most recently seen first, one server page
 * at a time, filtered by product, a search of the key (its text, name or licensee) and lease status.
 * Fingerprints and keys are masked; each key links to its page. Release asks the same confirmation as
 * a key's Devices dialog and frees the slot through the same route.
 */
export function DevicesTab() {
  const [typed, setTyped] = useState('');
  const [productId, setProductId] = useState('');
  const [status, setStatus] = useState<DeviceStatus | ''>('');
  const [releasing, setReleasing] = useState<OwnerDevice | null>(null);
  const products = useProductOptions();
  const settled = useDebouncedValue(typed.trim(), SEARCH_DEBOUNCE_MS);
  const tooShort = settled.length > 0 && settled.length < SEARCH_MIN;
  const search = tooShort ? '' : settled;
  const pages = useCursorPages(`${productId}\n${search}\n${status}`);
  const devices = useOwnerDevicePage({ productId, search, status, cursor: pages.cursor });
  const listed = devices.data?.devices ?? [];
  const narrowed = productId !== '' || search !== '' || status !== '';

  return (
    <section aria-labelledby="km-devices-title">
      <div className="d-flex flex-wrap gap-2 align-items-end justify-content-between mb-3">
        <h2 id="km-devices-title" className="h5 mb-0">
          Devices
        </h2>
        <div className="d-flex flex-wrap gap-2">
          <div>
            <Form.Control
              type="search"
              placeholder="Search by key, name or customer"
              aria-label="Search devices by key"
              aria-describedby={tooShort ? 'km-devices-search-help' : undefined}
              value={typed}
              onChange={(event) => setTyped(event.target.value)}
            />
            {tooShort && (
              <Form.Text id="km-devices-search-help">
                Type at least {SEARCH_MIN} characters to search
              </Form.Text>
            )}
          </div>
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
          <Form.Select
            aria-label="Status"
            value={status}
            onChange={(event) => setStatus(event.target.value as DeviceStatus | '')}
            className="w-auto"
          >
            {(Object.keys(STATUS_LABELS) as (DeviceStatus | '')[]).map((value) => (
              <option key={value} value={value}>
                {STATUS_LABELS[value]}
              </option>
            ))}
          </Form.Select>
        </div>
      </div>
      <QueryState
        isPending={devices.isPending}
        error={devices.data ? null : devices.error}
        onRetry={() => devices.refetch()}
      />
      {devices.data && listed.length === 0 && (
        <Alert variant="light">
          {narrowed
            ? 'No device matches these filters.'
            : 'No devices yet. An activation that sends a fingerprint appears here.'}
        </Alert>
      )}
      {listed.length > 0 && (
        <StackedTable responsive hover className="align-middle small" data-testid="owner-devices">
          <thead>
            <tr>
              <th scope="col">Device</th>
              <th scope="col">Platform</th>
              <th scope="col">Key</th>
              <th scope="col">Product</th>
              <th scope="col">Activated</th>
              <th scope="col">Last seen</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {listed.map((device) => (
              <tr key={device.id} data-testid={`owner-device-${device.id}`}>
                <td>
                  <div>{device.name ?? <span className="text-body-secondary">Unnamed</span>}</div>
                  <div className="font-monospace text-body-secondary">{device.maskedFingerprint}</div>
                </td>
                <td>{device.platform ?? '—'}</td>
                <td>
                  <Link to={keyPagePath(device.keyId)} className="font-monospace">
                    {device.maskedKey}
                  </Link>
                  {device.keyName && <div className="text-body-secondary">{device.keyName}</div>}
                </td>
                <td>{device.productName}</td>
                <td>{when(device.firstSeenAt)}</td>
                <td>
                  <div>{when(device.lastSeenAt)}</div>
                  {device.status === 'lapsed' && (
                    <Badge bg="warning" text="dark">
                      Lease lapsed
                    </Badge>
                  )}
                </td>
                <td className="text-end">
                  <Button size="sm" variant="outline-danger" onClick={() => setReleasing(device)}>
                    Release<span className="visually-hidden"> {device.name ?? device.maskedFingerprint}</span>
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </StackedTable>
      )}
      <CursorPager
        label="Device pages"
        page={pages.page}
        nextCursor={devices.data?.nextCursor}
        onNext={pages.next}
        onPrevious={pages.previous}
        busy={devices.isPlaceholderData}
      />
      {releasing && (
        <ReleaseDeviceConfirm
          licence={{ id: releasing.keyId }}
          device={{ id: releasing.id, name: releasing.name, fingerprint: releasing.maskedFingerprint }}
          onHide={() => setReleasing(null)}
        />
      )}
    </section>
  );
}
