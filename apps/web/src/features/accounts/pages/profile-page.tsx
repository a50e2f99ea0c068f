import { Col, Container, Nav, Row, Tab } from 'react-bootstrap';
import { useSearchParams } from 'react-router';
import { useUserInformation } from '../api';
import { PROFILE_TABS } from '../components/profile-tabs';

/** /profile: vertical tabs from md up, a horizontal row on small screens. The tab lives in ?tab=. */
export function ProfilePage() {
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const { data: info } = useUserInformation();
  const tabs = PROFILE_TABS.filter((tab) => !tab.visible || tab.visible(info));
  const active = tabs.some((tab) => tab.key === requested && tab.Component) ? requested : tabs[0]?.key;

  return (
    <Container className="py-4">
      <h1 className="visually-hidden">Your profile</h1>
      <Tab.Container
        activeKey={active ?? undefined}
        onSelect={(key) => key && setParams({ tab: key }, { replace: true })}
        mountOnEnter
        unmountOnExit
      >
        <Row className="g-4">
          <Col md={3} lg={2}>
            <Nav
              as="nav"
              variant="pills"
              className="flex-row flex-md-column gap-1"
              aria-label="Profile sections"
            >
              {tabs.map((tab) => (
                <Nav.Item key={tab.key}>
                  {tab.href ? (
                    <Nav.Link href={tab.href} target="_blank" rel="noopener" className="w-100 text-start">
                      {tab.title}
                    </Nav.Link>
                  ) : (
                    <Nav.Link eventKey={tab.key} as="button" type="button" className="w-100 text-start">
                      {tab.title}
                    </Nav.Link>
                  )}
                </Nav.Item>
              ))}
            </Nav>
          </Col>
          <Col md={9} lg={10}>
            <Tab.Content>
              {tabs.map(({ key, Component }) =>
                Component ? (
                  <Tab.Pane key={key} eventKey={key}>
                    <Component />
                  </Tab.Pane>
                ) : null,
              )}
            </Tab.Content>
          </Col>
        </Row>
      </Tab.Container>
    </Container>
  );
}
