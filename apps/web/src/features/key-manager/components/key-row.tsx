import type { DashboardKey } from '@app/contract';
import { Button, Form } from 'react-bootstrap';
import { Link } from 'react-router';
import { keyPagePath } from '../key-page-api';
import { formatExpiry } from '../licensing/expiry-dates';
import { CopyButton } from './copy-button';
import { KeyStatusBadge } from './key-status-badge';

export type KeyRowAction = 'devices' | 'edit' | 'entitlements' | 'delete';

/** One key of the Keys tab: the key (linking to its page), its state, expiry, customer and activations. */
export function KeyRow({
  licence,
  switching,
  onToggle,
  onAction,
}: {
  licence: DashboardKey;
  /** Its active switch is being saved. */
  switching: boolean;
  onToggle: () => void;
  onAction: (action: KeyRowAction) => void;
}) {
  return (
    <tr data-testid={`key-row-${licence.key}`}>
      <td>
        {licence.name && <div className="small text-body-secondary">{licence.name}</div>}
        <Link to={keyPagePath(licence.id)} className="font-monospace me-2">
          {licence.key}
        </Link>
        <CopyButton text={licence.key} label={`Copy key ${licence.key}`} />
      </td>
      <td>
        <KeyStatusBadge status={licence.status} />
      </td>
      <td className="text-nowrap">{formatExpiry(licence.expires_at)}</td>
      <td className="text-break">
        {licence.customer_name || licence.customer_email || licence.customer_ref ? (
          <>
            {licence.customer_name && <div>{licence.customer_name}</div>}
            {licence.customer_email && <div className="small">{licence.customer_email}</div>}
            {licence.customer_ref && <div className="small text-body-secondary">{licence.customer_ref}</div>}
          </>
        ) : (
          <span className="text-body-secondary">—</span>
        )}
      </td>
      <td>
        {licence.current_activations} / {licence.max_activations === 0 ? '∞' : licence.max_activations}
      </td>
      <td>
        <Form.Check
          type="switch"
          role="switch"
          id={`key-active-${licence.id}`}
          checked={licence.is_active}
          disabled={switching}
          onChange={onToggle}
          aria-label={`Active: ${licence.key}`}
        />
      </td>
      <td className="text-end text-nowrap">
        <Button size="sm" variant="outline-secondary" className="me-2" onClick={() => onAction('devices')}>
          Devices<span className="visually-hidden"> of {licence.key}</span>
        </Button>
        <Button size="sm" variant="outline-primary" className="me-2" onClick={() => onAction('edit')}>
          Edit<span className="visually-hidden"> {licence.key}</span>
        </Button>
        <Button
          size="sm"
          variant="outline-secondary"
          className="me-2"
          onClick={() => onAction('entitlements')}
        >
          Entitlements<span className="visually-hidden"> {licence.key}</span>
        </Button>
        <Button size="sm" variant="outline-danger" onClick={() => onAction('delete')}>
          Delete<span className="visually-hidden"> {licence.key}</span>
        </Button>
      </td>
    </tr>
  );
}
