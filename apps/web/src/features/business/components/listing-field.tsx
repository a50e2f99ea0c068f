import { Form } from 'react-bootstrap';
import type { FieldSpec } from '../lib/listing-fields';

interface ListingFieldProps {
  idPrefix: string;
  spec: FieldSpec;
  values: Record<string, string>;
  errors: Record<string, string>;
  onChange: (patch: Record<string, string>) => void;
}

/** One labelled input of a listing form with its message. */
export function ListingField({ idPrefix, spec, values, errors, onChange }: ListingFieldProps) {
  const error = errors[spec.name];
  const controlId = `${idPrefix}-${spec.name}`;
  return (
    <Form.Group className={spec.name === 'address' ? 'mb-3' : undefined} controlId={controlId}>
      <Form.Label>{spec.label}</Form.Label>
      <Form.Control
        type={spec.type}
        inputMode={spec.type === 'number' ? 'decimal' : undefined}
        step={spec.step}
        min={spec.min}
        value={values[spec.name] ?? ''}
        onChange={(e) => onChange({ [spec.name]: e.target.value })}
        isInvalid={Boolean(error)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${controlId}-error` : undefined}
      />
      <Form.Control.Feedback type="invalid" id={`${controlId}-error`}>
        {error}
      </Form.Control.Feedback>
    </Form.Group>
  );
}
