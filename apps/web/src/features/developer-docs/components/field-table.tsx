import { Table } from 'react-bootstrap';

export interface FieldDoc {
  name: string;
  type: string;
  required?: boolean;
  description: string;
}

/** A request or response field table of the REST documentation. */
export function FieldTable({
  caption,
  fields,
  showRequired,
}: {
  caption: string;
  fields: readonly FieldDoc[];
  showRequired?: boolean;
}) {
  return (
    <Table responsive bordered size="sm" className="align-middle">
      <caption className="caption-top">{caption}</caption>
      <thead>
        <tr>
          <th scope="col">Field</th>
          <th scope="col">Type</th>
          {showRequired && <th scope="col">Required</th>}
          <th scope="col">Description</th>
        </tr>
      </thead>
      <tbody>
        {fields.map((field) => (
          <tr key={field.name}>
            <td>
              <code>{field.name}</code>
            </td>
            <td>{field.type}</td>
            {showRequired && <td>{field.required ? 'yes' : 'no'}</td>}
            <td>{field.description}</td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
