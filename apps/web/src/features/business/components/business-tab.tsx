import type { Business } from '@app/contract';
import { useState } from 'react';
import { Badge, Button, Card, ListGroup } from 'react-bootstrap';
import { CursorPager } from '../../../components/cursor-pager';
import { QueryState } from '../../../components/query-state';
import { SearchBox } from '../../../components/search-box';
import { useCursorPages } from '../../../lib/use-cursor-pages';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useBusinesses } from '../api';
import { businessTypeLabel } from '../lib/business-type-label';
import { BusinessDetail } from './business-detail';
import { RegisterBusinessModal } from './register-business-modal';

/**
 * docs/product-contract.md §Screens (Profile), the Business tab: the businesses list with Open and 'Add
 * a business'. One server page at a time (decision 030 (6)), own businesses first; the name search runs
 * on the server 300 ms after typing stops.
 */
export function BusinessTab() {
  const [search, setSearch] = useState('');
  const settled = useDebouncedValue(search, 300).trim();
  const pages = useCursorPages(settled);
  const list = useBusinesses({ search: settled, cursor: pages.cursor });
  const { isPending, error, refetch } = list;
  const data = list.data?.businessList;
  const [opened, setOpened] = useState<Business | null>(null);
  const [adding, setAdding] = useState(false);

  if (opened) return <BusinessDetail business={opened} onBack={() => setOpened(null)} />;

  // Nothing registered at all: the invitation, without a search box.
  const none = data?.length === 0 && !settled && pages.page === 1;
  return (
    <section aria-labelledby="business-title">
      <div className="d-flex flex-wrap justify-content-between align-items-center gap-2 mb-3">
        <h2 id="business-title" className="h4 mb-0">
          Businesses
        </h2>
        {!none && (
          <SearchBox
            label="Search businesses"
            placeholder="Search by name"
            value={search}
            onChange={setSearch}
            narrow
            className="ms-md-auto"
          />
        )}
        <Button onClick={() => setAdding(true)}>Add a business</Button>
      </div>
      {!data ? (
        <QueryState isPending={isPending} error={error} onRetry={() => void refetch()} />
      ) : none ? (
        <Card body className="text-muted">
          No business yet. Register one to list houses, buildings and lands and to add agents.
        </Card>
      ) : data.length === 0 ? (
        <Card body className="text-muted">
          No business matches this search.
        </Card>
      ) : (
        <ListGroup as="ul" aria-label="Businesses">
          {data.map((business) => (
            <ListGroup.Item
              as="li"
              key={business.id}
              className="d-flex justify-content-between align-items-center gap-2"
            >
              <div>
                <div className="fw-semibold">{business.name}</div>
                <div className="small text-muted">
                  {businessTypeLabel(business.type)}
                  {business.role === 'agent' && <> · agent for {business.owner}</>}
                </div>
              </div>
              <div className="d-flex align-items-center gap-2">
                {business.role === 'agent' && <Badge bg="info">Agent</Badge>}
                <Button
                  variant="outline-primary"
                  size="sm"
                  onClick={() => setOpened(business)}
                  aria-label={`Open ${business.name}`}
                >
                  Open
                </Button>
              </div>
            </ListGroup.Item>
          ))}
        </ListGroup>
      )}
      <CursorPager
        label="Business pages"
        page={pages.page}
        nextCursor={list.data?.nextCursor}
        onNext={pages.next}
        onPrevious={pages.previous}
        busy={list.isPlaceholderData}
      />
      <RegisterBusinessModal show={adding} onHide={() => setAdding(false)} />
    </section>
  );
}
