import { Col, Container, Row } from 'react-bootstrap';
import { Link } from 'react-router';
import { LinkButton } from '../../../components/link-button';
import { AccountButtons } from './account-buttons';

/**
 * Hero with the order button (docs/product-contract.md §Screens, Home) and the latest-products card for
 * the Key Manager.
 */
export function HomeHero() {
  return (
    <section className="hero py-5" aria-labelledby="hero-title">
      <Container className="py-lg-5">
        <AccountButtons />
        <Row className="align-items-center gy-4">
          <Col lg={7}>
            <h1 id="hero-title" className="display-5 fw-bold">
              Software that fits the way your business works
            </h1>
            <p className="lead mt-3">
              We design, build and look after web, desktop, Android and API software for businesses and
              individuals. You talk to the people who write the code, follow every project from request to
              release, and pay a clear price.
            </p>
            <p className="fs-5">
              Plans start <strong>from $100/month</strong>. Personal projects can be paid once.
            </p>
            <div className="d-flex flex-wrap gap-2 mt-4">
              <LinkButton to="/orders" size="lg" variant="primary">
                Order your software
              </LinkButton>
              <LinkButton to="/products" size="lg" variant="outline-light">
                See our products
              </LinkButton>
            </div>
          </Col>
          <Col lg={5}>
            <div className="card text-bg-dark border-secondary shadow">
              <div className="card-body">
                <span className="badge text-bg-success mb-2">Latest product</span>
                <h2 className="card-title h4">Key Manager</h2>
                <p className="card-text">
                  Protect your applications with licence keys. Limit how many activations each key allows and
                  switch a key off at any time, from a dashboard, a Java library or a REST API.
                </p>
                <ul className="small text-white-50 ps-3">
                  <li>Activation limits per key</li>
                  <li>Instant enable and disable</li>
                  <li>Java library and REST interface with API keys</li>
                </ul>
                <Link to="/store/key-manager" className="btn btn-light">
                  Open the Key Manager
                </Link>
              </div>
            </div>
          </Col>
        </Row>
      </Container>
    </section>
  );
}
