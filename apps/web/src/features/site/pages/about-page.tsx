import { Card, Col, Container, Row } from 'react-bootstrap';
import { LinkButton } from '../../../components/link-button';
import { PageMeta } from '../components/page-meta';

/** docs/product-contract.md §Product: founder, mission and vision. */
export function AboutPage() {
  return (
    <Container className="py-5">
      <PageMeta
        title="About us: founder, mission and vision"
        description="Who builds your software: our founder's story, our mission and where we are going. Founded in 2024."
        path="/about"
      />
      <h1 className="mb-4">About us</h1>
      <Row className="gy-4 mb-5 align-items-center">
        <Col md={3} className="text-center">
          <div className="founder-avatar mx-auto" aria-hidden="true">
            AM
          </div>
        </Col>
        <Col md={9}>
          <h2 className="h3">Our founder</h2>
          <p className="lead fs-5">Alex Morgan, founder and lead engineer</p>
          <p>
            Alex spent ten years writing software for banks, retailers and logistics companies, first as a
            developer and later leading teams. Again and again, good projects failed for the same reason: the
            client could not see what was happening until it was too late to change course.
          </p>
          <p className="mb-0">
            In 2024 Alex started this company to work differently. Clients follow progress as it happens, talk
            directly to the engineers in a project chat room, and know the price before any work starts. Alex
            still reviews every project plan and writes code every week.
          </p>
        </Col>
      </Row>
      <Row xs={1} md={2} className="g-4 mb-5">
        <Col>
          <Card className="h-100 shadow-sm">
            <Card.Body>
              <Card.Title as="h2" className="h3">
                Our mission
              </Card.Title>
              <Card.Text>
                To give every business, large or small, software that fits the way it works, built in the
                open, priced honestly and maintained for as long as it is used.
              </Card.Text>
            </Card.Body>
          </Card>
        </Col>
        <Col>
          <Card className="h-100 shadow-sm">
            <Card.Body>
              <Card.Title as="h2" className="h3">
                Our vision
              </Card.Title>
              <Card.Text>
                A world where ordering custom software is as clear as ordering anything else: you know what
                you will get, when, and for how much, and you can watch it being made. Alongside custom work,
                we grow a family of products, starting with the Key Manager, that solve problems every
                software business has.
              </Card.Text>
            </Card.Body>
          </Card>
        </Col>
      </Row>
      <h2 className="h3">How we work</h2>
      <ul>
        <li>A written scope, timeline and price before we start.</li>
        <li>Progress for front end, back end and database, visible in your profile.</li>
        <li>Code reviews and automated tests on every change.</li>
        <li>Support and updates for as long as your plan runs.</li>
      </ul>
      <div className="d-flex flex-wrap gap-2 mt-4">
        <LinkButton to="/orders">Start a project</LinkButton>
        <LinkButton to="/contact-us" variant="outline-primary">
          Contact us
        </LinkButton>
      </div>
    </Container>
  );
}
