import type { Business, Property, PropertyKind } from '@app/contract';
import { useMemo, useState } from 'react';
import { Button, ButtonGroup, Form, InputGroup, ToggleButton } from 'react-bootstrap';
import { QueryState } from '../../../app/layout/query-state';
import { useProperties } from '../api';
import { matchesSearch } from '../lib/search';
import { AssignAgentModal } from './assign-agent-modal';
import { DeletePropertiesModal } from './delete-properties-modal';
import { PropertyFormModal } from './property-form-modal';
import { PropertyTable } from './property-table';

const KINDS: { kind: PropertyKind; label: string }[] = [
  { kind: 'house', label: 'Houses' },
  { kind: 'building', label: 'Buildings' },
  { kind: 'land', label: 'Lands' },
];

type Dialog =
  | { type: 'add' }
  | { type: 'edit'; property: Property }
  | { type: 'delete' }
  | { type: 'assign' }
  | null;

/**
 * Spec §2 Properties: search, the Houses/Buildings/Lands toggle, add, edit, delete and assign-agent.
 * Delete and assign stay disabled until a row is ticked (spec §4). Agents only look.
 */
export function PropertiesPanel({ business }: { business: Business }) {
  const owner = business.role === 'owner';
  const [kind, setKind] = useState<PropertyKind>('house');
  const [search, setSearch] = useState('');
  const [selected, setSelected] = useState<string[]>([]);
  const [dialog, setDialog] = useState<Dialog>(null);
  const { data, isPending, error, refetch } = useProperties(business.id, kind);
  const rows = useMemo(() => (data ?? []).filter((p) => matchesSearch(p, search)), [data, search]);
  const label = KINDS.find((k) => k.kind === kind)?.label ?? 'Listings';

  const switchKind = (next: PropertyKind) => {
    setKind(next);
    setSelected([]);
  };
  const closeDialog = () => setDialog(null);

  return (
    <section aria-label="Properties">
      <div className="d-flex flex-wrap gap-2 align-items-center mb-3">
        <ButtonGroup aria-label="Listing kind">
          {KINDS.map((option) => (
            <ToggleButton
              key={option.kind}
              id={`kind-${business.id}-${option.kind}`}
              type="radio"
              name={`kind-${business.id}`}
              variant="outline-primary"
              value={option.kind}
              checked={kind === option.kind}
              onChange={() => switchKind(option.kind)}
            >
              {option.label}
            </ToggleButton>
          ))}
        </ButtonGroup>
        <InputGroup className="flex-grow-1" style={{ maxWidth: 360 }}>
          <InputGroup.Text as="label" htmlFor={`search-${business.id}`}>
            Search
          </InputGroup.Text>
          <Form.Control
            id={`search-${business.id}`}
            type="search"
            placeholder="Address, place, status…"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
        </InputGroup>
        {owner && (
          <div className="d-flex gap-2 ms-auto">
            <Button onClick={() => setDialog({ type: 'add' })}>Add</Button>
            <Button
              variant="outline-secondary"
              disabled={selected.length === 0}
              onClick={() => setDialog({ type: 'assign' })}
            >
              Assign agent
            </Button>
            <Button
              variant="outline-danger"
              disabled={selected.length === 0}
              onClick={() => setDialog({ type: 'delete' })}
            >
              Delete
            </Button>
          </div>
        )}
      </div>
      {!owner && <p className="text-muted small">You see the listings of this business assigned to you.</p>}
      {!data ? (
        <QueryState isPending={isPending} error={error} onRetry={() => void refetch()} />
      ) : (
        <PropertyTable
          kind={kind}
          label={label}
          rows={rows}
          selectable={owner}
          selected={selected}
          onSelect={setSelected}
          onEdit={owner ? (property) => setDialog({ type: 'edit', property }) : undefined}
          empty={search ? 'Nothing matches your search.' : `No ${label.toLowerCase()} yet.`}
        />
      )}
      {dialog?.type === 'add' && (
        <PropertyFormModal businessId={business.id} kind={kind} onHide={closeDialog} />
      )}
      {dialog?.type === 'edit' && (
        <PropertyFormModal
          businessId={business.id}
          kind={kind}
          property={dialog.property}
          onHide={closeDialog}
        />
      )}
      {dialog?.type === 'delete' && (
        <DeletePropertiesModal
          businessId={business.id}
          kind={kind}
          ids={selected}
          onHide={closeDialog}
          onDone={() => setSelected([])}
        />
      )}
      {dialog?.type === 'assign' && (
        <AssignAgentModal
          businessId={business.id}
          kind={kind}
          ids={selected}
          onHide={closeDialog}
          onDone={() => setSelected([])}
        />
      )}
    </section>
  );
}
