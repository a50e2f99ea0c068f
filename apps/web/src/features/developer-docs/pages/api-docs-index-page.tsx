import { Card, Container, ListGroup, Table } from 'react-bootstrap';
import { Link } from 'react-router';
import { REST_DOCS_PATH } from '../../../lib/docs-paths';
import { SiteOrigin } from '../../../lib/ssr/site-origin';
import { useDocumentTitle } from '../components/use-document-title';

const STATUS_CODES = [
  [200, 'Success: { status: "ok", … }'],
  [400, 'Invalid input; the message names the first bad field'],
  [401, 'Missing, wrong or revoked API key'],
  [402, 'The account’s subscription is suspended for late payment'],
  [403, 'No plan, or a publishable key (km_pub_…) calling what only a secret key (km_live_…) may'],
  [404, 'Unknown record, e.g. "Invalid Key Provided"'],
  [409, 'Refused by a rule, e.g. "Activation limit reached"'],
  [429, 'Rate limited; wait Retry-After seconds'],
] as const;

/** /built-apis/doc: the documentation index. */
export function ApiDocsIndexPage() {
  useDocumentTitle('API documentation');
  return (
    <Container className="py-4" style={{ maxWidth: 960 }}>
      <h1>API documentation</h1>
      <p className="lead">Guides for each API we run, with ReactJS and Java examples you can copy.</p>
      <Card className="mb-4">
        <Card.Header as="h2" className="h5">
          APIs
        </Card.Header>
        <ListGroup variant="flush">
          <ListGroup.Item action as={Link} to={REST_DOCS_PATH}>
            <strong>Key Manager</strong> — licence keys: information, activation count, deactivation, usable
            switch, deletion
          </ListGroup.Item>
        </ListGroup>
      </Card>
      <h2 className="h4">Conventions</h2>
      <ul>
        <li>
          Base URL: this site’s address, e.g.{' '}
          <code>
            <SiteOrigin />
          </code>
          .
        </li>
        <li>
          Requests are POST with a JSON body and an <code>Authorization: Bearer</code> header.
        </li>
        <li>
          Replies are JSON with <code>status</code> <code>'ok'</code> or <code>'failed'</code> and a{' '}
          <code>message</code> on failure.
        </li>
        <li>
          The complete, generated reference is the <a href="/api/docs">OpenAPI description</a>.
        </li>
      </ul>
      <Table bordered size="sm" responsive>
        <caption className="caption-top">HTTP status codes</caption>
        <thead>
          <tr>
            <th scope="col">Code</th>
            <th scope="col">Meaning</th>
          </tr>
        </thead>
        <tbody>
          {STATUS_CODES.map(([code, meaning]) => (
            <tr key={code}>
              <td>{code}</td>
              <td>{meaning}</td>
            </tr>
          ))}
        </tbody>
      </Table>
    </Container>
  );
}
