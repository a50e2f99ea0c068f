import { Form } from 'react-bootstrap';
import { useStatuses } from '../api';

/**
 * docs/product-contract.md §States (house status): Available, Sold, Open House, Private visit (from the
 * statuses call).
 */
export function StatusSelect({
  idPrefix,
  value,
  onChange,
}: {
  idPrefix: string;
  value: string;
  onChange: (v: string) => void;
}) {
  const statuses = useStatuses();
  return (
    <Form.Group className="mb-3" controlId={`${idPrefix}-status`}>
      <Form.Label>Status</Form.Label>
      <Form.Select value={value} onChange={(e) => onChange(e.target.value)} disabled={!statuses.data}>
        {statuses.data?.map((s) => (
          <option key={s.id} value={s.id}>
            {s.status}
          </option>
        ))}
      </Form.Select>
      {statuses.isError && <Form.Text className="text-danger">Statuses could not be loaded.</Form.Text>}
    </Form.Group>
  );
}
