import type { ComponentType } from 'react';
import { Col, Container, Nav, Row, Tab } from 'react-bootstrap';
import { useSearchParams } from 'react-router';
import { AdminTopBar } from '../components/admin-top-bar';

/** One entry of the admin sidebar (spec §2). */
export interface AdminSection {
  key: string;
  label: string;
  Component: ComponentType;
}

/** /company/admin: its own frame (no public navbar) with a sidebar of sections; the section lives in ?section=. */
export function AdminPage({ sections }: { sections: readonly AdminSection[] }) {
  const [params, setParams] = useSearchParams();
  const requested = params.get('section');
  const active = sections.some((s) => s.key === requested) ? requested : sections[0]?.key;

  return (
    <div className="min-vh-100 bg-light">
      <AdminTopBar />
      <Tab.Container
        activeKey={active ?? undefined}
        onSelect={(key) => key && setParams({ section: key }, { replace: true })}
        mountOnEnter
        unmountOnExit
      >
        <Container fluid>
          <Row>
            <Col md={3} xl={2} className="admin-sidebar bg-white border-end py-3">
              <Nav
                as="nav"
                variant="pills"
                className="flex-row flex-md-column gap-1"
                aria-label="Admin sections"
              >
                {sections.map((section) => (
                  <Nav.Item key={section.key}>
                    <Nav.Link eventKey={section.key} as="button" type="button" className="w-100 text-start">
                      {section.label}
                    </Nav.Link>
                  </Nav.Item>
                ))}
              </Nav>
            </Col>
            <Col md={9} xl={10} as="main" className="py-4">
              <h1 className="visually-hidden">Admin panel</h1>
              <Tab.Content>
                {sections.map(({ key, Component }) => (
                  <Tab.Pane key={key} eventKey={key}>
                    <Component />
                  </Tab.Pane>
                ))}
              </Tab.Content>
            </Col>
          </Row>
        </Container>
      </Tab.Container>
    </div>
  );
}
