import { Col, Container, Nav, Row } from 'react-bootstrap';
import { LinkButton } from '../../../components/link-button';
import { REST_DOCS_PATH } from '../../../lib/docs-paths';
import { CodeBox } from '../components/code-box';
import { ExampleKeysProvider, YourKeysPanel } from '../components/example-keys';
import { LIBRARY_SECTIONS } from '../components/library-sections';
import { useDocumentTitle } from '../components/use-document-title';
import { JAVA_LIBRARY_VERSION } from '../content/library';

/**
 * /developer-resources/libraries/key-manager-lib-documentation: the Java library's guide. The
 * organisation JSON-LD (founded 2024) the spec asks for is embedded by the server in every page's
 * HTML (apps/api/src/web-html.ts), this one included.
 */
export function LibraryDocsPage() {
  useDocumentTitle('Key Manager library documentation');
  return (
    <ExampleKeysProvider>
      <Container className="py-4">
        <Row className="g-4">
          <Col md={3}>
            <nav aria-label="Library documentation" className="position-sticky" style={{ top: 80 }}>
              <Nav className="flex-column">
                {LIBRARY_SECTIONS.filter((section) => section.inMenu).map((section) => (
                  <Nav.Link key={section.id} href={`#${section.id}`} className="px-0">
                    {section.title}
                  </Nav.Link>
                ))}
              </Nav>
              <LinkButton to={REST_DOCS_PATH} variant="outline-primary" size="sm" className="mt-3">
                REST API documentation
              </LinkButton>
            </nav>
          </Col>
          <Col md={9}>
            <h1>Key Manager library</h1>
            <p className="text-muted">Java library version {JAVA_LIBRARY_VERSION}</p>
            <YourKeysPanel />
            {LIBRARY_SECTIONS.map((section) => (
              // scroll-margin keeps a section's heading clear of the fixed navigation bar.
              <section key={section.id} id={section.id} className="mb-5" style={{ scrollMarginTop: 80 }}>
                <h2 className="h3">{section.title}</h2>
                {section.body}
                {section.example && <CodeBox label={section.example.label} code={section.example.code} />}
              </section>
            ))}
          </Col>
        </Row>
      </Container>
    </ExampleKeysProvider>
  );
}
