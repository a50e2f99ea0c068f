import type { Business } from '@app/contract';
import { Button, Tab, Tabs } from 'react-bootstrap';
import { AgentsPanel } from './agents-panel';
import { PropertiesPanel } from './properties-panel';

/** An opened business (docs/product-contract.md §Screens, Profile): Properties and, for its owner, Agents. */
export function BusinessDetail({ business, onBack }: { business: Business; onBack: () => void }) {
  const owner = business.role === 'owner';
  return (
    <section aria-labelledby="business-detail-title">
      <div className="d-flex align-items-center gap-3 mb-3">
        <Button variant="outline-secondary" size="sm" onClick={onBack}>
          ← All businesses
        </Button>
        <h2 id="business-detail-title" className="h4 mb-0">
          {business.name}
        </h2>
      </div>
      <Tabs defaultActiveKey="properties" id={`business-${business.id}`} className="mb-3" mountOnEnter>
        <Tab eventKey="properties" title="Properties">
          <PropertiesPanel business={business} />
        </Tab>
        {owner && (
          <Tab eventKey="agents" title="Agents">
            <AgentsPanel business={business} />
          </Tab>
        )}
      </Tabs>
    </section>
  );
}
