import { type ComponentType, type ReactNode, useId, useState } from 'react';
import { Button, Col, Container, Nav, Row, Tab } from 'react-bootstrap';
import { useSearchParams } from 'react-router';
import { ToastOutlet } from '../../../components/toast/toast-outlet';
import { AdminTopBar } from '../components/admin-top-bar';

/** One entry of the admin sidebar (docs/product-contract.md §Screens, Admin panel). */
export interface AdminSection {
  key: string;
  label: string;
  Component: ComponentType;
}

/**
 * /company/admin: its own frame (no public navbar) with a sidebar of sections; the section lives in ?section=.
 * Below md the sidebar folds behind a button naming the open section, so a phone sees the section
 * at once instead of fourteen wrapped buttons (docs/screenshots).
 */
export function AdminPage({
  sections,
  barActions,
}: {
  sections: readonly AdminSection[];
  /** Other features' controls in the top bar, before Log out (the notification bell). */
  barActions?: ReactNode;
}) {
  const [params, setParams] = useSearchParams();
  const requested = params.get('section');
  const active = sections.some((s) => s.key === requested) ? requested : sections[0]?.key;
  const [menuOpen, setMenuOpen] = useState(false);
  const menuId = useId();
  const activeLabel = sections.find((s) => s.key === active)?.label;

  return (
    <div className="min-vh-100 bg-light">
      <AdminTopBar actions={barActions} />
      <ToastOutlet top={0} />
      <Tab.Container
        activeKey={active ?? undefined}
        onSelect={(key) => {
          if (key) setParams({ section: key }, { replace: true });
          setMenuOpen(false);
        }}
        mountOnEnter
        unmountOnExit
      >
        <Container fluid>
          <Row>
            <Col md={3} xl={2} className="admin-sidebar bg-white border-end py-2 py-md-3">
              <Button
                variant="outline-secondary"
                className="d-md-none w-100 d-flex justify-content-between align-items-center"
                aria-expanded={menuOpen}
                aria-controls={menuId}
                onClick={() => setMenuOpen((open) => !open)}
              >
                <span>
                  <span className="visually-hidden">Admin sections: </span>
                  {activeLabel}
                </span>
                <span aria-hidden="true">{menuOpen ? '▴' : '▾'}</span>
              </Button>
              <Nav
                as="nav"
                id={menuId}
                variant="pills"
                className={`${menuOpen ? 'd-flex' : 'd-none'} d-md-flex flex-column gap-1 mt-2 mt-md-0`}
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
