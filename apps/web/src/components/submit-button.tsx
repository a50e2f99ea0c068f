import type { ReactNode } from 'react';
import { Button, Spinner } from 'react-bootstrap';

interface SubmitButtonProps {
  pending: boolean;
  children: ReactNode;
  pendingLabel: ReactNode;
  /** Disabled for another reason than a pending submit (e.g. a box not yet ticked). */
  disabled?: boolean;
  className?: string;
}

/** A submit button that shows its pending label and cannot be pressed twice. */
export function SubmitButton({ pending, children, pendingLabel, disabled, className }: SubmitButtonProps) {
  return (
    <Button type="submit" variant="primary" disabled={pending || disabled} className={className}>
      {pending && <Spinner as="span" animation="border" size="sm" className="me-2" aria-hidden="true" />}
      {pending ? pendingLabel : children}
    </Button>
  );
}
