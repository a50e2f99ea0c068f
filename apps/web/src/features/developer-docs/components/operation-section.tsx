import { Table } from 'react-bootstrap';
import { type OperationDoc, operationLabel } from '../content/operations';
import { CodeExamples } from './code-examples';
import { FieldTable } from './field-table';

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

/** One Keys sub-page: description, endpoint, field tables, failures, ReactJS and Java examples. */
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
      </p>
      <FieldTable caption="Request body" fields={operation.request} showRequired />
      <FieldTable caption="Response (HTTP 200)" fields={operation.response} />
      <ErrorTable errors={operation.errors} />
      <h3 className="h5 mt-4">Examples</h3>
      <CodeExamples id={operation.id} react={operation.react} java={operation.java} />
    </article>
  );
}
