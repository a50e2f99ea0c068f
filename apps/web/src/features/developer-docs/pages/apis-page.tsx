import { Badge, Card, Col, Container, Row } from 'react-bootstrap';
import { Link } from 'react-router';
import { LinkButton } from '../../../components/link-button';
import { REST_DOCS_PATH } from '../../../lib/docs-paths';
import { useDocumentTitle } from '../components/use-document-title';
import { OPERATIONS } from '../content/operations';

/** /built-apis: the APIs the company offers. */
export function ApisPage() {
  useDocumentTitle('APIs');
  return (
    <Container className="py-4">
      <h1>APIs</h1>
      <p className="lead">Services we built and run, callable from any language over REST with an API key.</p>
      <Row className="g-4">
        <Col lg={8}>
          <Card className="h-100 shadow-sm">
            <Card.Body>
              <Card.Title as="h2" className="h4">
                Key Manager API <Badge bg="success">Available</Badge>
              </Card.Title>
              <Card.Text>
                Protect your application with licence keys: limit how many times each key may be activated and
                switch a key off at any time, for example when a client has not paid.
              </Card.Text>
              <ul>
                {OPERATIONS.map((op) => (
                  <li key={op.id}>
                    <Link to={`${REST_DOCS_PATH}?tab=keys&op=${op.id}`}>{op.title}</Link>
                  </li>
                ))}
              </ul>
              <div className="d-flex flex-wrap gap-2">
                <LinkButton to={REST_DOCS_PATH}>Documentation</LinkButton>
                <LinkButton to="/store/key-manager" variant="outline-primary">
                  Get an API key
                </LinkButton>
                <LinkButton to="/developer-resources/libraries" variant="outline-secondary">
                  Java library
                </LinkButton>
              </div>
            </Card.Body>
          </Card>
        </Col>
        <Col lg={4}>
          <Card className="h-100">
            <Card.Body>
              <Card.Title as="h2" className="h5">
                Reference
              </Card.Title>
              <Card.Text>
                Conventions shared by every API, and the machine-readable OpenAPI description.
              </Card.Text>
              <div className="d-flex flex-column gap-2">
                <LinkButton to="/built-apis/doc" variant="outline-primary">
                  All API documentation
                </LinkButton>
                <a className="btn btn-outline-secondary" href="/api/docs">
                  OpenAPI reference
                </a>
              </div>
            </Card.Body>
          </Card>
        </Col>
      </Row>
    </Container>
  );
}
