import type { ReactNode } from 'react';
import { Form } from 'react-bootstrap';
import type { UseFormRegisterReturn } from 'react-hook-form';

/** A labelled on/off switch wired to react-hook-form. */
export function SwitchField({
  controlId,
  label,
  hint,
  registration,
}: {
  controlId: string;
  label: ReactNode;
  hint?: ReactNode;
  registration: UseFormRegisterReturn;
}) {
  return (
    <Form.Group className="mb-3" controlId={controlId}>
      <Form.Check
        type="switch"
        label={label}
        {...registration}
        aria-describedby={hint ? `${controlId}-hint` : undefined}
      />
      {hint && (
        <Form.Text id={`${controlId}-hint`} muted>
          {hint}
        </Form.Text>
      )}
    </Form.Group>
  );
}
