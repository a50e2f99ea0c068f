import {
  analyticsFilterFields,
  KEY_MANAGER_PUBLIC_OPERATIONS,
  type KeyManagerPublicOperation,
} from '@app/contract';
import { useState } from 'react';
import { Col, Form, Row } from 'react-bootstrap';
import type { AnalyticsFilters } from './analytics-url';

interface RequestLogFiltersProps {
  filters: AnalyticsFilters;
  onChange: (patch: Partial<AnalyticsFilters>) => void;
}

/** `YYYY-MM-DDTHH:mm` in the browser's zone, as a datetime-local field shows an ISO time. */
function localInput(iso: string | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  const local = new Date(date.getTime() - date.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 16);
}

/** A datetime-local value (the browser's zone) as ISO UTC; empty when the field is cleared. */
function isoOf(value: string): string | undefined {
  if (!value) return undefined;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

const isKeyId = (value: string) => analyticsFilterFields.keyId.safeParse(value).success;

/**
 * The request log's own filters (product and API key are the tab's): operation, outcome kind and
 * code, key, and a time range. A typed key ID is held here until it is whole, so the address never
 * holds half an ID; the log's query waits for typing to settle (request-log-view.tsx).
 */
export function RequestLogFilters({ filters, onChange }: RequestLogFiltersProps) {
  const [keyId, setKeyId] = useState(filters.keyId ?? '');
  // A key chosen elsewhere (a link, "Show all keys") replaces what was typed.
  const [shownKey, setShownKey] = useState(filters.keyId);
  if (shownKey !== filters.keyId) {
    setShownKey(filters.keyId);
    setKeyId(filters.keyId ?? '');
  }
  const badKey = keyId.trim() !== '' && !isKeyId(keyId.trim());

  return (
    <Row className="g-2 mb-3">
      <Form.Group as={Col} xs={6} lg={4} xl={2} controlId="km-requests-operation">
        <Form.Label className="small mb-1">Operation</Form.Label>
        <Form.Select
          value={filters.operation ?? ''}
          onChange={(event) =>
            onChange({
              operation: (event.target.value || undefined) as KeyManagerPublicOperation | undefined,
            })
          }
        >
          <option value="">All operations</option>
          {KEY_MANAGER_PUBLIC_OPERATIONS.map((operation) => (
            <option key={operation} value={operation}>
              {operation}
            </option>
          ))}
        </Form.Select>
      </Form.Group>
      <Form.Group as={Col} xs={6} lg={4} xl={2} controlId="km-requests-kind">
        <Form.Label className="small mb-1">Outcome</Form.Label>
        <Form.Select
          value={filters.kind ?? ''}
          onChange={(event) =>
            onChange({ kind: (event.target.value || undefined) as AnalyticsFilters['kind'] })
          }
        >
          <option value="">All outcomes</option>
          <option value="success">Successes</option>
          <option value="refused">Refusals</option>
        </Form.Select>
      </Form.Group>
      <Form.Group as={Col} xs={6} lg={4} xl={2} controlId="km-requests-outcome">
        <Form.Label className="small mb-1">Outcome code</Form.Label>
        <Form.Control
          type="search"
          placeholder="e.g. EXPIRED, key_disabled"
          maxLength={60}
          value={filters.outcome ?? ''}
          onChange={(event) => onChange({ outcome: event.target.value || undefined })}
        />
      </Form.Group>
      <Form.Group as={Col} xs={6} lg={4} xl={2} controlId="km-requests-key">
        <Form.Label className="small mb-1">Key ID</Form.Label>
        <Form.Control
          type="search"
          placeholder="The key’s ID"
          value={keyId}
          isInvalid={badKey}
          aria-describedby={badKey ? 'km-requests-key-error' : undefined}
          onChange={(event) => {
            const typed = event.target.value;
            setKeyId(typed);
            if (typed.trim() === '' || isKeyId(typed.trim())) {
              setShownKey(typed.trim() || undefined);
              onChange({ keyId: typed.trim() || undefined });
            }
          }}
        />
        <Form.Control.Feedback type="invalid" id="km-requests-key-error">
          A key’s ID, as its page shows it (e.g. 6f1c9a52-…).
        </Form.Control.Feedback>
      </Form.Group>
      <Form.Group as={Col} xs={12} sm={6} lg={4} xl={2} controlId="km-requests-from">
        <Form.Label className="small mb-1">From</Form.Label>
        <Form.Control
          type="datetime-local"
          value={localInput(filters.from)}
          onChange={(event) => onChange({ from: isoOf(event.target.value) })}
        />
      </Form.Group>
      <Form.Group as={Col} xs={12} sm={6} lg={4} xl={2} controlId="km-requests-to">
        <Form.Label className="small mb-1">To</Form.Label>
        <Form.Control
          type="datetime-local"
          value={localInput(filters.to)}
          onChange={(event) => onChange({ to: isoOf(event.target.value) })}
        />
      </Form.Group>
    </Row>
  );
}
