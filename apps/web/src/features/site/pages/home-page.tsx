import { Card, Col, Container, Row } from 'react-bootstrap';
import { LinkButton } from '../../../components/link-button';
import { useSession } from '../../../lib/use-session';
import { AccountButtons } from '../components/account-buttons';
import { SERVICES } from '../components/services';

export function HomePage() {
  const { signedIn } = useSession();
  return (
    <>
      <section className="hero py-5">
        <Container className="py-lg-5">
          <AccountButtons />
          <Row className="align-items-center gy-4">
            <Col lg={7}>
              <h1 className="display-5 fw-bold">Software that fits the way your business works</h1>
              <p className="lead mt-3">
                We design, build and look after web, desktop, Android and API software for businesses and
                individuals. You talk to the people who write the code, follow every project from request to
                release, and pay a clear price.
              </p>
              <p className="fs-5">
                Plans start <strong>from $100/month</strong>. Personal projects can be paid once.
              </p>
              <div className="d-flex flex-wrap gap-2 mt-4">
                {signedIn ? (
                  <LinkButton to="/profile" size="lg" variant="primary">
                    Go to your profile
                  </LinkButton>
                ) : (
                  <LinkButton to="/signup" size="lg" variant="primary">
                    Sign up and start a project
                  </LinkButton>
                )}
              </div>
            </Col>
            <Col lg={5}>
              <Card bg="dark" text="light" className="border-secondary shadow">
                <Card.Body>
                  <Card.Title as="h2" className="h5">
                    How a project runs
                  </Card.Title>
                  <ol className="mb-0 ps-3">
                    <li className="mb-2">Tell us what you need and share any proposal or designs.</li>
                    <li className="mb-2">We agree the scope, the timeline and the price with you.</li>
                    <li className="mb-2">
                      Track front end, back end and database progress from your profile.
                    </li>
                    <li>Launch, then keep the software healthy with a monthly plan.</li>
                  </ol>
                </Card.Body>
              </Card>
            </Col>
          </Row>
        </Container>
      </section>
      <section className="py-5">
        <Container>
          <h2 className="h3 mb-4">What we build</h2>
          <Row xs={1} md={2} lg={4} className="g-3">
            {SERVICES.map((service) => (
              <Col key={service.title}>
                <Card className="h-100 service-card shadow-sm">
                  <Card.Body>
                    <Card.Title as="h3" className="h5">
                      {service.title}
                    </Card.Title>
                    <Card.Text>{service.text}</Card.Text>
                  </Card.Body>
                </Card>
              </Col>
            ))}
          </Row>
        </Container>
      </section>
    </>
  );
}
