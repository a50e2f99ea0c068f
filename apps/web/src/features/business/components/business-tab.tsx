import { useState } from 'react';
import { Badge, Button, Card, ListGroup } from 'react-bootstrap';
import { QueryState } from '../../../app/layout/query-state';
import { useBusinesses } from '../api';
import { BusinessDetail } from './business-detail';
import { RegisterBusinessModal } from './register-business-modal';

/** Spec §2 Business tab: the businesses list with Open and 'Add a business'. */
export function BusinessTab() {
  const { data, isPending, error, refetch } = useBusinesses();
  const [openId, setOpenId] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  const opened = data?.find((business) => business.id === openId);

  if (opened) return <BusinessDetail business={opened} onBack={() => setOpenId(null)} />;

  return (
    <section aria-labelledby="business-title">
      <div className="d-flex justify-content-between align-items-center mb-3">
        <h2 id="business-title" className="h4 mb-0">
          Businesses
        </h2>
        <Button onClick={() => setAdding(true)}>Add a business</Button>
      </div>
      {!data ? (
        <QueryState isPending={isPending} error={error} onRetry={() => void refetch()} />
      ) : data.length === 0 ? (
        <Card body className="text-muted">
          No business yet. Register one to list houses, buildings and lands and to add agents.
        </Card>
      ) : (
        <ListGroup>
          {data.map((business) => (
            <ListGroup.Item
              key={business.id}
              className="d-flex justify-content-between align-items-center gap-2"
            >
              <div>
                <div className="fw-semibold">{business.name}</div>
                <div className="small text-muted">
                  {business.type}
                  {business.role === 'agent' && <> · agent for {business.owner}</>}
                </div>
              </div>
              <div className="d-flex align-items-center gap-2">
                {business.role === 'agent' && <Badge bg="info">Agent</Badge>}
                <Button
                  variant="outline-primary"
                  size="sm"
                  onClick={() => setOpenId(business.id)}
                  aria-label={`Open ${business.name}`}
                >
                  Open
                </Button>
              </div>
            </ListGroup.Item>
          ))}
        </ListGroup>
      )}
      <RegisterBusinessModal show={adding} onHide={() => setAdding(false)} />
    </section>
  );
}
