import { Alert, Card, Col, Container, Row, Spinner } from 'react-bootstrap';
import { LinkButton } from '../../../components/link-button';
import { REST_DOCS_PATH } from '../../../lib/docs-paths';
import { useJarInfo } from '../api';
import { useDocumentTitle } from '../components/use-document-title';
import {
  JAR_FILE,
  JAR_URL,
  JAVA_LIBRARY_VERSION,
  JAVADOC_JAR_FILE,
  LIBRARY_DOCS_PATH,
  MAVEN_COORDINATES,
  POM_FILE,
  SDK_TARBALL_FILE,
  SDK_TARBALL_URL,
  SOURCES_JAR_FILE,
  TYPESCRIPT_SDK_NAME,
  TYPESCRIPT_SDK_VERSION,
} from '../content/library';

function JarDownload() {
  const jar = useJarInfo();
  if (jar.isPending) {
    return (
      <p className="text-muted small mb-0" role="status">
        <Spinner as="span" size="sm" animation="border" className="me-2" aria-hidden="true" />
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
                Check, activate, deactivate, enable, disable and delete licence keys from any Java 17+
                application. No dependencies beyond the JDK.
              </Card.Text>
              <p className="small mb-2">
                Maven <code>{MAVEN_COORDINATES}</code>: <a href={`/media/${POM_FILE}`}>POM</a>,{' '}
                <a href={`/media/${SOURCES_JAR_FILE}`}>sources jar</a>,{' '}
                <a href={`/media/${JAVADOC_JAR_FILE}`}>javadoc jar</a>
              </p>
              <div className="d-flex flex-wrap gap-2 mt-auto">
                <LinkButton to={LIBRARY_DOCS_PATH}>Documentation</LinkButton>
                <JarDownload />
              </div>
            </Card.Body>
          </Card>
        </Col>
        <Col md={6} lg={5}>
          <Card className="h-100 shadow-sm">
            <Card.Body className="d-flex flex-column">
              <Card.Title as="h2" className="h4">
                TypeScript SDK
              </Card.Title>
              <Card.Subtitle className="mb-2 text-muted">
                {TYPESCRIPT_SDK_NAME} · version {TYPESCRIPT_SDK_VERSION}
              </Card.Subtitle>
              <Card.Text>
                The same operations, typed, for Node 18+, browsers, Deno and Bun; ESM and CommonJS, no
                dependencies. Install the download with <code>npm install ./{SDK_TARBALL_FILE}</code>.
              </Card.Text>
              <div className="d-flex flex-wrap gap-2 mt-auto">
                <LinkButton to={`${LIBRARY_DOCS_PATH}#typescript-sdk`} variant="outline-primary">
                  TypeScript guide
                </LinkButton>
                <a className="btn btn-outline-success" href={SDK_TARBALL_URL} download={SDK_TARBALL_FILE}>
                  Download {SDK_TARBALL_FILE}
                </a>
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
