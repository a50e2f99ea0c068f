import { PUBLISHABLE_KEY_FINGERPRINT_OPERATIONS, PUBLISHABLE_KEY_OPERATIONS } from '@app/contract';
import { Table } from 'react-bootstrap';
import { type OperationDoc, operationLabel } from '../content/operations';
import { CodeExamples } from './code-examples';
import { FieldTable } from './field-table';
import { SignedRepliesSection } from './signed-replies-section';

/** Which API keys may call the operation, read from the list the server's guard enforces. */
function keyTypes(operation: OperationDoc['operation']): string {
  if (!PUBLISHABLE_KEY_OPERATIONS.includes(operation)) {
    return 'a secret key (km_live_…) only: call it from your server.';
  }
  return PUBLISHABLE_KEY_FINGERPRINT_OPERATIONS.includes(operation)
    ? 'a secret key (km_live_…), or a publishable key (km_pub_…) for a device it names by fingerprint.'
    : 'a secret key (km_live_…) or a publishable key (km_pub_…).';
}

/** validate-key's one-word answers, in the order its checks run. */
function ValidationCodeTable({ codes }: { codes: NonNullable<OperationDoc['codes']> }) {
  return (
    <Table responsive bordered size="sm">
      <caption className="caption-top">
        Answers (code), checked in this order: the first that applies is the answer
      </caption>
      <thead>
        <tr>
          <th scope="col">code</th>
          <th scope="col">valid</th>
          <th scope="col">When</th>
        </tr>
      </thead>
      <tbody>
        {codes.map((row) => (
          <tr key={row.code}>
            <td>
              <code>{row.code}</code>
            </td>
            <td>{row.valid}</td>
            <td>{row.when}</td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}

export function ErrorTable({ errors }: { errors: OperationDoc['errors'] }) {
  return (
    <Table responsive bordered size="sm">
      <caption className="caption-top">
        Failures ({'{'}status: 'failed', code, message{'}'}): match <code>code</code> in your program; show{' '}
        <code>message</code> to people
      </caption>
      <thead>
        <tr>
          <th scope="col">HTTP</th>
          <th scope="col">code</th>
          <th scope="col">message</th>
          <th scope="col">When</th>
        </tr>
      </thead>
      <tbody>
        {errors.map((error) => (
          <tr key={`${error.code}-${error.message}`}>
            <td>{error.httpStatus}</td>
            <td>
              <code>{error.code}</code>
            </td>
            <td>
              <code>{error.message}</code>
            </td>
            <td>{error.when}</td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}

/**
 * One Keys sub-page: description, endpoint and who may call it, field tables, validate-key's answers,
 * failures, ReactJS, Java and curl examples, and signed replies where the operation signs.
 */
export function OperationSection({ operation }: { operation: OperationDoc }) {
  return (
    <article aria-labelledby={`${operation.id}-title`}>
      <h2 id={`${operation.id}-title`} className="h3">
        {operationLabel(operation)}
      </h2>
      <p>{operation.description}</p>
      <h3 className="h6 text-uppercase text-muted">Endpoint</h3>
      <p className="font-monospace bg-body-tertiary border rounded px-2 py-1" data-testid="endpoint">
        <span className="badge text-bg-success me-2">POST</span>
        {operation.path}
      </p>
      <p className="small text-muted">
        Headers: <code>Authorization: Bearer &lt;API key&gt;</code>,{' '}
        <code>Content-Type: application/json</code>
        {operation.signed && (
          <>
            , optionally <code>x-km-nonce</code> (a signed reply)
          </>
        )}
        . API key: {keyTypes(operation.operation)}
      </p>
      <FieldTable caption="Request body" fields={operation.request} showRequired />
      <FieldTable caption="Response (HTTP 200)" fields={operation.response} />
      {operation.codes && <ValidationCodeTable codes={operation.codes} />}
      <ErrorTable errors={operation.errors} />
      <h3 className="h5 mt-4">Examples</h3>
      <CodeExamples id={operation.id} react={operation.react} java={operation.java} curl={operation.curl} />
      {operation.explainsSignedReplies && <SignedRepliesSection operationId={operation.id} />}
    </article>
  );
}
