import { type AccountArea, roleRefusalMessage, type UserInformation } from '@app/contract';
import type { ComponentType, ReactNode } from 'react';
import { Alert, Col, Container, Nav, Row, Tab } from 'react-bootstrap';
import { useSearchParams } from 'react-router';
import { areaAllowed, useAccountContext } from '../../../lib/account-context';
import { useUserInformation } from '../../../lib/user-information';
import { EmailVerificationNotice } from '../components/email-verification-notice';

/** One tab of the profile sidebar (docs/product-contract.md §Screens, Profile). */
export interface ProfileTab {
  key: string;
  title: string;
  /** The tab's content; absent for a tab that is only a link (see `href`). */
  Component?: ComponentType;
  /**
   * Opens this address in a new browser tab instead of showing a pane (docs/product-contract.md
   * §Screens, Profile: Orders).
   */
  href?: string;
  /**
   * Shown only when this holds for the signed-in user (docs/product-contract.md §Screens, Profile:
   * Business needs a business account).
   */
  visible?: (info: UserInformation | undefined) => boolean;
  /**
   * Shown only when the role in the account this session acts for reaches this area (decision 033);
   * the server refuses the rest anyway.
   */
  access?: readonly [AccountArea, 'read' | 'write'];
}

/** /profile: vertical tabs from md up, a horizontal row on small screens. The tab lives in ?tab=. */
export function ProfilePage({ tabs: allTabs, header }: { tabs: readonly ProfileTab[]; header?: ReactNode }) {
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const { data: info } = useUserInformation();
  const { data: context } = useAccountContext();
  const tabs = allTabs.filter(
    (tab) =>
      (!tab.visible || tab.visible(info)) &&
      (!tab.access || areaAllowed(context, tab.access[0], tab.access[1]) === true),
  );
  const active = tabs.some((tab) => tab.key === requested && tab.Component) ? requested : tabs[0]?.key;
  // A link to a tab the role does not reach (a mail's, a colleague's) says why it is not shown.
  const account = context?.account;
  const refused = account
    ? allTabs.find(
        (tab) =>
          tab.key === requested && tab.access && areaAllowed(context, tab.access[0], tab.access[1]) === false,
      )?.access
    : undefined;

  return (
    <Container className="py-4">
      <h1 className="visually-hidden">Your profile</h1>
      <EmailVerificationNotice />
      {header}
      {account && refused && (
        <Alert variant="warning" data-testid="profile-tab-refused">
          {roleRefusalMessage(account.role, refused[0], refused[1])}.
        </Alert>
      )}
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
