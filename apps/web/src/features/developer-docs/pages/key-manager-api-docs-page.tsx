import { Col, Nav, Row, Tab, Tabs } from 'react-bootstrap';
import { useSearchParams } from 'react-router';
import { LinkButton } from '../../../components/link-button';
import { useHydrated } from '../../../lib/use-hydrated';
import { AuthenticationTab } from '../components/authentication-tab';
import { ExampleKeysProvider, YourKeysPanel } from '../components/example-keys';
import { LicenseePortalTab } from '../components/licensee-portal-tab';
import { OfflineLicencesTab } from '../components/offline-licences-tab';
import { OperationSection } from '../components/operation-section';
import { useDocumentTitle } from '../components/use-document-title';
import { WebhooksTab } from '../components/webhooks-tab';
import { LIBRARY_DOCS_PATH } from '../content/library';
import { OPERATIONS, operationLabel } from '../content/operations';

type DocTab = 'authentication' | 'keys' | 'webhooks' | 'offline' | 'portal';
const OTHER_TABS: readonly DocTab[] = ['webhooks', 'offline', 'portal'];
const otherTab = (value: string | null): DocTab =>
  OTHER_TABS.find((tab) => tab === value) ?? 'authentication';

const NO_PARAMS = new URLSearchParams();

function tabOf(params: URLSearchParams): DocTab {
  if (params.get('tab') === 'keys' || params.has('op')) return 'keys';
  return otherTab(params.get('tab'));
}

/**
 * /built-apis/doc/key-manager: tabs Authentication, Keys, Webhooks, Offline licences and Licensee portal (extensions); the tab and
 * sub-page live in the URL.
 */
export function KeyManagerApiDocsPage() {
  useDocumentTitle('Key Manager REST API');
  const [searchParams, setParams] = useSearchParams();
  // The prerendered page shows the first tab; a deep link's tab applies once hydrated, and until then
  // the tabs are hidden (data-awaits-query) rather than showing the first tab in its place.
  const hydrated = useHydrated();
  const params = hydrated ? searchParams : NO_PARAMS;
  const tab = tabOf(params);
  const operation = OPERATIONS.find((op) => op.id === params.get('op')) ?? OPERATIONS[0]!;

  const show = (next: { tab: DocTab; op?: string }) =>
    setParams(next.tab === 'keys' ? { tab: 'keys', op: next.op ?? operation.id } : { tab: next.tab });

  return (
    <ExampleKeysProvider>
      <div className="container py-4">
        <div className="d-flex flex-wrap justify-content-between align-items-center gap-2 mb-3">
          <div>
            <h1 className="mb-1">Key Manager REST API</h1>
            <p className="text-muted mb-0">
              Check, activate, deactivate, enable, disable and delete licence keys.
            </p>
          </div>
          <LinkButton to={LIBRARY_DOCS_PATH} variant="outline-primary">
            Java library documentation
          </LinkButton>
        </div>
        <YourKeysPanel />
        <div data-awaits-query={hydrated ? undefined : ''}>
          <Tabs
            id="key-manager-doc-tabs"
            activeKey={tab}
            onSelect={(key) => show({ tab: key === 'keys' ? key : otherTab(key) })}
            className="mb-3"
          >
            <Tab eventKey="authentication" title="Authentication">
              <AuthenticationTab />
            </Tab>
            <Tab eventKey="keys" title="Keys">
              <Row className="g-4">
                <Col md={3}>
                  <Nav variant="pills" className="flex-column" as="nav" aria-label="Keys operations">
                    {OPERATIONS.map((op) => (
                      <Nav.Link
                        key={op.id}
                        href={`?tab=keys&op=${op.id}`}
                        active={op.id === operation.id}
                        aria-current={op.id === operation.id ? 'page' : undefined}
                        onClick={(event) => {
                          event.preventDefault();
                          show({ tab: 'keys', op: op.id });
                        }}
                      >
                        {operationLabel(op)}
                      </Nav.Link>
                    ))}
                  </Nav>
                </Col>
                <Col md={9}>
                  <OperationSection key={operation.id} operation={operation} />
                </Col>
              </Row>
            </Tab>
            <Tab eventKey="webhooks" title="Webhooks">
              <WebhooksTab />
            </Tab>
            <Tab eventKey="offline" title="Offline licences">
              <OfflineLicencesTab />
            </Tab>
            <Tab eventKey="portal" title="Licensee portal">
              <LicenseePortalTab />
            </Tab>
          </Tabs>
        </div>
      </div>
    </ExampleKeysProvider>
  );
}
