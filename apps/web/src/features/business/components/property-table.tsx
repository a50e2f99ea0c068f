import type { Property, PropertyKind } from '@app/contract';
import { Button, Form } from 'react-bootstrap';
import { StackedTable } from '../../../components/stacked-table';
import { formatAmount } from '../../../lib/money';
import { plural } from '../../../lib/plural';
import { FileImage } from './file-image';
import { StatusBadge } from './status-badge';

interface PropertyTableProps {
  kind: PropertyKind;
  label: string;
  rows: Property[];
  selectable: boolean;
  selected: string[];
  onSelect: (ids: string[]) => void;
  onEdit?: ((property: Property) => void) | undefined;
  empty: string;
}

/** "3 beds · 1 bath · 1 garage", leaving out counts the listing does not give. */
function counts(entries: [number | null, string][]): string {
  return entries.flatMap(([count, noun]) => (count === null ? [] : [plural(count, noun)])).join(' · ');
}

/**
 * The kind's own columns (docs/product-contract.md §Entities, House list: bedrooms, bathrooms, garages,
 * floors…).
 */
function details(kind: PropertyKind, p: Property): string {
  if (kind === 'house') {
    return counts([
      [p.number_of_bedrooms, 'bed'],
      [p.number_of_bathrooms, 'bath'],
      [p.number_of_garages, 'garage'],
      [p.number_of_floors, 'floor'],
    ]);
  }
  if (kind === 'building')
    return `${counts([
      [p.number_of_floors, 'floor'],
      [p.number_of_units, 'unit'],
    ])} · built ${p.year_built}`;
  return `Zoning: ${p.zoning}`;
}

export function PropertyTable({
  kind,
  label,
  rows,
  selectable,
  selected,
  onSelect,
  onEdit,
  empty,
}: PropertyTableProps) {
  const allTicked = rows.length > 0 && rows.every((row) => selected.includes(row.id));
  const toggle = (id: string, on: boolean) =>
    onSelect(on ? [...selected, id] : selected.filter((s) => s !== id));
  const columns = 7 + (selectable ? 1 : 0) + (onEdit ? 1 : 0);
  return (
    <StackedTable responsive hover className="align-middle">
      <caption className="visually-hidden">{label}</caption>
      <thead>
        <tr>
          {selectable && (
            <th scope="col">
              <Form.Check
                aria-label="Tick all rows"
                checked={allTicked}
                onChange={(e) => onSelect(e.target.checked ? rows.map((row) => row.id) : [])}
              />
            </th>
          )}
          <th scope="col">Photo</th>
          <th scope="col">Address</th>
          <th scope="col">Details</th>
          <th scope="col">Area (sq ft)</th>
          <th scope="col">Price</th>
          <th scope="col">Status</th>
          <th scope="col">Agent</th>
          {onEdit && (
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          )}
        </tr>
      </thead>
      <tbody>
        {rows.length === 0 ? (
          <tr>
            <td colSpan={columns} className="text-muted text-center py-4">
              {empty}
            </td>
          </tr>
        ) : (
          rows.map((p) => (
            <tr key={p.id}>
              {selectable && (
                <td>
                  <Form.Check
                    aria-label={`Tick ${p.address}`}
                    checked={selected.includes(p.id)}
                    onChange={(e) => toggle(p.id, e.target.checked)}
                  />
                </td>
              )}
              <td>
                <FileImage
                  fileId={p.thumbnail ?? p.images[0] ?? null}
                  alt={`Photo of ${p.address}`}
                  width={64}
                  height={48}
                />
              </td>
              <td>
                <div>{p.address}</div>
                <div className="small text-muted">{[p.state, p.country].filter(Boolean).join(', ')}</div>
              </td>
              <td className="small">{details(kind, p)}</td>
              <td>{p.area.toLocaleString('en-US')}</td>
              <td>{formatAmount(p.price, 'usd')}</td>
              <td>
                <StatusBadge status={p.status} />
              </td>
              <td>{p.agent?.name ?? <span className="text-muted">—</span>}</td>
              {onEdit && (
                <td>
                  <Button
                    size="sm"
                    variant="outline-primary"
                    onClick={() => onEdit(p)}
                    aria-label={`Edit ${p.address}`}
                  >
                    Edit
                  </Button>
                </td>
              )}
            </tr>
          ))
        )}
      </tbody>
    </StackedTable>
  );
}
