import type { ComponentProps, ReactNode } from 'react';
import { Form } from 'react-bootstrap';
import type { UseFormRegisterReturn } from 'react-hook-form';

interface TextFieldProps
  extends Omit<ComponentProps<'input'>, 'size' | 'id' | 'value' | keyof UseFormRegisterReturn> {
  controlId: string;
  label: ReactNode;
  registration: UseFormRegisterReturn;
  error?: string | undefined;
  hint?: ReactNode;
}

/** A labelled input wired to react-hook-form, with its validation message announced to screen readers. */
export function TextField({ controlId, label, registration, error, hint, ...inputProps }: TextFieldProps) {
  const errorId = `${controlId}-error`;
  const hintId = `${controlId}-hint`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined;
  return (
    <Form.Group className="mb-3" controlId={controlId}>
      <Form.Label>{label}</Form.Label>
      <Form.Control
        {...inputProps}
        {...registration}
        isInvalid={Boolean(error)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
      />
      {hint && (
        <Form.Text id={hintId} muted>
          {hint}
        </Form.Text>
      )}
      <Form.Control.Feedback type="invalid" id={errorId}>
        {error}
      </Form.Control.Feedback>
    </Form.Group>
  );
}
