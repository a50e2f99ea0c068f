import type { ComponentType } from 'react';
import { Container, Nav, Tab } from 'react-bootstrap';
import { useSearchParams } from 'react-router';
import { QueryState } from '../../../app/layout/query-state';
import { useKeyManagerData } from '../api';
import { ApiTab } from '../components/api-tab';
import { DocumentationTab } from '../components/documentation-tab';
import { KeysTab } from '../components/keys-tab';
import { LicencesTab } from '../components/licences-tab';
import { OverviewTab } from '../components/overview-tab';
import { WebhooksTab } from '../components/webhooks-tab';

const TABS = [
  { key: 'dashboard', title: 'Dashboard' },
  { key: 'keys', title: 'Keys' },
  { key: 'api', title: 'API' },
  { key: 'webhooks', title: 'Webhooks' },
  { key: 'licences', title: 'Offline licences' },
  { key: 'documentation', title: 'Documentation' },
] as const;

interface KeyManagerPageProps {
  /** Shown in each tab while no plan is activated: the plans and how to buy one (billing's). */
  PlansOffer: ComponentType<{ productId: number }>;
}

/** /store/key-manager (spec §2): tabs Dashboard, Keys, API, Webhooks and Offline licences (extensions), Documentation (?tab=). */
export function KeyManagerPage({ PlansOffer }: KeyManagerPageProps) {
  const data = useKeyManagerData();
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const active = TABS.some((tab) => tab.key === requested) ? (requested as string) : 'dashboard';
  const plan = data.data?.planActivated ? data.data : null;

  return (
    <Container className="py-4">
      <h1 className="h3 mb-3">Key Manager</h1>
      <QueryState
        isPending={data.isPending}
        error={data.data ? null : data.error}
        onRetry={() => data.refetch()}
      />
      {data.data && (
        <Tab.Container
          activeKey={active}
          onSelect={(key) => key && setParams({ tab: key }, { replace: true })}
        >
          <Nav variant="tabs" className="mb-3" as="nav" aria-label="Key Manager sections">
            {TABS.map((tab) => (
              <Nav.Item key={tab.key}>
                <Nav.Link eventKey={tab.key} as="button" type="button">
                  {tab.title}
                </Nav.Link>
              </Nav.Item>
            ))}
          </Nav>
          <Tab.Content>
            <Tab.Pane eventKey="dashboard" mountOnEnter unmountOnExit>
              {plan ? <OverviewTab data={plan} /> : <PlansOffer productId={data.data.product.id} />}
            </Tab.Pane>
            <Tab.Pane eventKey="keys" mountOnEnter unmountOnExit>
              {plan ? (
                <KeysTab maxKeysAllowed={plan.planInfo?.maxKeysAllowed ?? 0} total={plan.usage.keys} />
              ) : (
                <PlansOffer productId={data.data.product.id} />
              )}
            </Tab.Pane>
            <Tab.Pane eventKey="api" mountOnEnter unmountOnExit>
              {plan ? <ApiTab /> : <PlansOffer productId={data.data.product.id} />}
            </Tab.Pane>
            <Tab.Pane eventKey="webhooks" mountOnEnter unmountOnExit>
              {plan ? <WebhooksTab /> : <PlansOffer productId={data.data.product.id} />}
            </Tab.Pane>
            <Tab.Pane eventKey="licences" mountOnEnter unmountOnExit>
              {plan ? <LicencesTab /> : <PlansOffer productId={data.data.product.id} />}
            </Tab.Pane>
            <Tab.Pane eventKey="documentation" mountOnEnter unmountOnExit>
              <DocumentationTab />
            </Tab.Pane>
          </Tab.Content>
        </Tab.Container>
      )}
    </Container>
  );
}
