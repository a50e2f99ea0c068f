import { KEY_MANAGER_PATHS, USAGE_LIMITS } from '@app/contract';
import { Card, Col, Row } from 'react-bootstrap';
import { Link } from 'react-router';

/** Documentation tab: where to read more, the first call to try, and what the analytics count by. */
export function DocumentationTab() {
  const example = `curl -X POST ${window.location.origin}${KEY_MANAGER_PATHS.getKeyInformation} \\
  -H "Authorization: Bearer <your API key>" \\
  -H "Content-Type: application/json" \\
  -d '{"key": "<licence key>"}'`;
  const reported = `{"key": "<licence key>", "appVersion": "2.1.0", "platform": "windows"}`;
  return (
    <section aria-labelledby="km-docs-title">
      <h2 id="km-docs-title" className="h5">
        Documentation
      </h2>
      <Row xs={1} md={2} className="g-3 mb-4">
        <Col>
          <Card className="h-100">
            <Card.Body>
              <Card.Title as="h3" className="h6">
                REST API
              </Card.Title>
              <p>Authentication and every key operation, with ReactJS and Java examples.</p>
              <Link to="/built-apis/doc/key-manager" className="btn btn-primary">
                REST documentation
              </Link>
            </Card.Body>
          </Card>
        </Col>
        <Col>
          <Card className="h-100">
            <Card.Body>
              <Card.Title as="h3" className="h6">
                Java library
              </Card.Title>
              <p>
                Initialise the library with your API key, then get, activate, deactivate, enable or delete
                keys.
              </p>
              <Link
                to="/developer-resources/libraries/key-manager-lib-documentation"
                className="btn btn-primary"
              >
                Library documentation
              </Link>
            </Card.Body>
          </Card>
        </Col>
      </Row>
      <h3 className="h6">Try it</h3>
      <pre className="bg-body-tertiary p-3 rounded small" style={{ maxHeight: 300 }}>
        <code>{example}</code>
      </pre>
      <h3 className="h6 mt-4" id="km-docs-analytics">
        Analytics: your app’s version and platform
      </h3>
      <p>
        Every call appears in the <Link to="/store/key-manager?tab=analytics">Analytics tab</Link> within a
        few seconds, and in its request log for 30 days. Add <code>appVersion</code> (up to{' '}
        {USAGE_LIMITS.appVersionMax} characters) and <code>platform</code> (up to {USAGE_LIMITS.platformMax})
        to the body of any call to see which versions and platforms are in use:
      </p>
      <pre className="bg-body-tertiary p-3 rounded small">
        <code>{reported}</code>
      </pre>
    </section>
  );
}
