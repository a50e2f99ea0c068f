import { Alert, Card, Col, Container, Row, Spinner } from 'react-bootstrap';
import { LinkButton } from '../../../components/link-button';
import { useJarInfo } from '../api';
import { useDocumentTitle } from '../components/use-document-title';
import {
  JAR_FILE,
  JAR_URL,
  JAVA_LIBRARY_VERSION,
  LIBRARY_DOCS_PATH,
  REST_DOCS_PATH,
} from '../content/library';

function JarDownload() {
  const jar = useJarInfo();
  if (jar.isPending) {
    return (
      <p className="text-muted small mb-0" role="status">
        <Spinner size="sm" animation="border" className="me-2" aria-hidden="true" />
        Checking the download…
      </p>
    );
  }
  if (jar.error) {
    return (
      <Alert variant="warning" className="small mb-0">
        {jar.error.message}
      </Alert>
    );
  }
  const size = jar.data.sizeBytes ? ` (${Math.max(1, Math.round(jar.data.sizeBytes / 1024))} KB)` : '';
  return (
    <a className="btn btn-outline-success" href={JAR_URL} download={JAR_FILE}>
      Download {JAR_FILE}
      {size}
    </a>
  );
}

/** /developer-resources/libraries: the libraries we publish. */
export function LibrariesPage() {
  useDocumentTitle('Libraries');
  return (
    <Container className="py-4">
      <h1>Libraries</h1>
      <p className="lead">Client libraries for our APIs, free to use with your API key.</p>
      <Row className="g-4">
        <Col md={6} lg={5}>
          <Card className="h-100 shadow-sm">
            <Card.Body className="d-flex flex-column">
              <Card.Title as="h2" className="h4">
                Key Manager
              </Card.Title>
              <Card.Subtitle className="mb-2 text-muted">
                Java library · version {JAVA_LIBRARY_VERSION}
              </Card.Subtitle>
              <Card.Text>
                Check, activate, deactivate, enable, disable and delete licence keys from any Java 11+
                application. No dependencies beyond the JDK.
              </Card.Text>
              <div className="d-flex flex-wrap gap-2 mt-auto">
                <LinkButton to={LIBRARY_DOCS_PATH}>Documentation</LinkButton>
                <JarDownload />
              </div>
            </Card.Body>
          </Card>
        </Col>
        <Col md={6} lg={5}>
          <Card className="h-100">
            <Card.Body className="d-flex flex-column">
              <Card.Title as="h2" className="h4">
                Other languages
              </Card.Title>
              <Card.Text>
                Every operation of the library is a plain REST call authorised by your API key; the REST
                documentation has ReactJS examples.
              </Card.Text>
              <div className="mt-auto">
                <LinkButton to={REST_DOCS_PATH} variant="outline-primary">
                  REST documentation
                </LinkButton>
              </div>
            </Card.Body>
          </Card>
        </Col>
      </Row>
    </Container>
  );
}
