import { type ComponentType, lazy, type ReactNode, Suspense, useEffect, useRef } from 'react';
import { Container, Nav, Tab } from 'react-bootstrap';
import { useSearchParams } from 'react-router';
import { PageSpinner } from '../../../components/page-spinner';
import { QueryState } from '../../../components/query-state';
import { useKeyManagerData } from '../api';
import { ApiTab } from '../components/api-tab';
import { AuditLogTab } from '../components/audit-log-tab';
import { DevicesTab } from '../components/devices-tab';
import { DocumentationTab } from '../components/documentation-tab';
import { KeysTab } from '../components/keys-tab';
import { LicencesTab } from '../components/licences-tab';
import { OverviewTab } from '../components/overview-tab';
import { ProductsTab } from '../components/products-tab';
import { WebhooksTab } from '../components/webhooks-tab';
import { PortalTab } from '../portal/portal-tab';

// Analytics (filters, top lists, the request log) comes with its first visit, in a chunk of its own.
const AnalyticsTab = lazy(() =>
  import('../components/analytics/analytics-tab').then((module) => ({ default: module.AnalyticsTab })),
);

const TABS = [
  { key: 'dashboard', title: 'Dashboard' },
  { key: 'analytics', title: 'Analytics' },
  { key: 'keys', title: 'Keys' },
  { key: 'devices', title: 'Devices' },
  { key: 'products', title: 'Products' },
  { key: 'api', title: 'API' },
  { key: 'webhooks', title: 'Webhooks' },
  { key: 'licences', title: 'Offline licences' },
  { key: 'portal', title: 'Portal' },
  { key: 'audit', title: 'Audit log' },
  { key: 'documentation', title: 'Documentation' },
] as const;

interface KeyManagerPageProps {
  /** Shown in each tab while no plan is activated: the plans and how to buy one (billing's). */
  PlansOffer: ComponentType<{ productId: number }>;
}

/**
 * /store/key-manager (docs/product-contract.md §Screens): tabs Dashboard, Analytics (with Requests;
 * decision 037), Keys, Devices (every device across keys, issue 26), Products (decision 032),
 * API, Webhooks, Offline licences and Portal (extensions; the licensee portal, decision 036),
 * Documentation (?tab=).
 */
export function KeyManagerPage({ PlansOffer }: KeyManagerPageProps) {
  const data = useKeyManagerData();
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const active = TABS.some((tab) => tab.key === requested) ? (requested as string) : 'dashboard';
  const plan = data.data?.planActivated ? data.data : null;
  // On a narrow screen the sections are one row that scrolls sideways (styles.css .scroll-tabs): the
  // chosen one is brought into that row's view, also when a link opens it.
  const sections = useRef<HTMLElement>(null);
  useEffect(() => {
    const chosen = sections.current?.querySelector<HTMLElement>(`[data-rr-ui-event-key="${active}"]`);
    if (chosen && sections.current) {
      const row = sections.current;
      const left = chosen.offsetLeft - row.offsetLeft;
      if (left < row.scrollLeft || left + chosen.offsetWidth > row.scrollLeft + row.clientWidth) {
        row.scrollLeft = left - (row.clientWidth - chosen.offsetWidth) / 2;
      }
    }
  }, [active]);
  const failed = !data.data && data.error;
  // While the data is on the way the tabs are already there and the Dashboard is drawn with
  // placeholders at its final size, so nothing shifts when it arrives (CLS, e2e key-manager-layout).
  const loading = <PageSpinner />;
  const planned = (content: ReactNode) =>
    plan ? content : data.data ? <PlansOffer productId={data.data.product.id} /> : loading;

  return (
    <Container className="py-4">
      <h1 className="h3 mb-3">Key Manager</h1>
      {failed && <QueryState isPending={false} error={data.error} onRetry={() => data.refetch()} />}
      {!failed && (
        <Tab.Container
          activeKey={active}
          onSelect={(key) => key && setParams({ tab: key }, { replace: true })}
        >
          <Nav
            ref={sections}
            variant="tabs"
            className="mb-3 scroll-tabs"
            as="nav"
            aria-label="Key Manager sections"
          >
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
              {data.isPending ? (
                <OverviewTab data={undefined} />
              ) : (
                planned(plan && <OverviewTab data={plan} />)
              )}
            </Tab.Pane>
            <Tab.Pane eventKey="analytics" mountOnEnter unmountOnExit>
              {planned(
                <Suspense fallback={loading}>
                  <AnalyticsTab />
                </Suspense>,
              )}
            </Tab.Pane>
            <Tab.Pane eventKey="keys" mountOnEnter unmountOnExit>
              {planned(
                <KeysTab
                  maxKeysAllowed={plan?.planInfo?.maxKeysAllowed ?? 0}
                  total={plan?.usage.keys ?? 0}
                />,
              )}
            </Tab.Pane>
            <Tab.Pane eventKey="devices" mountOnEnter unmountOnExit>
              {planned(<DevicesTab />)}
            </Tab.Pane>
            <Tab.Pane eventKey="products" mountOnEnter unmountOnExit>
              {planned(<ProductsTab />)}
            </Tab.Pane>
            <Tab.Pane eventKey="api" mountOnEnter unmountOnExit>
              {planned(<ApiTab />)}
            </Tab.Pane>
            <Tab.Pane eventKey="webhooks" mountOnEnter unmountOnExit>
              {planned(<WebhooksTab />)}
            </Tab.Pane>
            <Tab.Pane eventKey="licences" mountOnEnter unmountOnExit>
              {planned(<LicencesTab />)}
            </Tab.Pane>
            <Tab.Pane eventKey="portal" mountOnEnter unmountOnExit>
              {planned(<PortalTab />)}
            </Tab.Pane>
            <Tab.Pane eventKey="audit" mountOnEnter unmountOnExit>
              <AuditLogTab />
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
