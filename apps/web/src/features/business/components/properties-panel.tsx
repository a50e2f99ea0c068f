import type { Business, Property, PropertyKind } from '@app/contract';
import { useState } from 'react';
import { Button, ButtonGroup, Form, InputGroup, ToggleButton } from 'react-bootstrap';
import { CursorPager } from '../../../components/cursor-pager';
import { QueryState } from '../../../components/query-state';
import { useCursorPages } from '../../../lib/use-cursor-pages';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useProperties } from '../api';
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
 * docs/product-contract.md §Screens (Profile), Properties: search, the Houses/Buildings/Lands toggle,
 * add, edit, delete and assign-agent. Delete and assign stay disabled until a row is ticked (§States).
 * Agents only look. One server page at a time (decision 030): the search runs on the server 300 ms
 * after typing stops; ticks belong to the page.
 */
export function PropertiesPanel({ business }: { business: Business }) {
  const owner = business.role === 'owner';
  const [kind, setKind] = useState<PropertyKind>('house');
  const [search, setSearch] = useState('');
  const [selected, setSelected] = useState<string[]>([]);
  const [dialog, setDialog] = useState<Dialog>(null);
  const settled = useDebouncedValue(search, 300);
  const pages = useCursorPages(`${kind}\n${settled.trim()}`);
  const listing = useProperties(business.id, kind, { search: settled, cursor: pages.cursor });
  const { data, isPending, error, refetch } = listing;
  const label = KINDS.find((k) => k.kind === kind)?.label ?? 'Listings';

  const switchKind = (next: PropertyKind) => {
    setKind(next);
    setSelected([]);
  };
  const turnPage = (turn: () => void) => {
    turn();
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
            placeholder="Address, status or country…"
            value={search}
            onChange={(e) => {
              setSearch(e.target.value);
              setSelected([]);
            }}
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
          rows={data.list}
          selectable={owner}
          selected={selected}
          onSelect={setSelected}
          onEdit={owner ? (property) => setDialog({ type: 'edit', property }) : undefined}
          empty={settled.trim() ? 'Nothing matches your search.' : `No ${label.toLowerCase()} yet.`}
        />
      )}
      <CursorPager
        label={`${label} pages`}
        page={pages.page}
        nextCursor={data?.nextCursor}
        onNext={(cursor) => turnPage(() => pages.next(cursor))}
        onPrevious={() => turnPage(pages.previous)}
        busy={listing.isPlaceholderData}
      />
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
