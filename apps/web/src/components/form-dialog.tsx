import { type FormEvent, type ReactNode, useEffect, useId, useRef } from 'react';
import { Button, Form, Modal } from 'react-bootstrap';
import { FormErrorAlert } from './form-error-alert';
import { SubmitButton } from './submit-button';

export interface FormDialogProps {
  title: ReactNode;
  /** The form's submit (button or Enter); the default navigation is already prevented. */
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  /** Cancel, the close button and Escape. Without it the dialog has neither and cannot be dismissed. */
  onHide?: () => void;
  /** The server's refusal (or any thrown value), shown above the fields by `FormErrorAlert`. */
  error?: unknown;
  /** While true the submit button shows a spinner and `pendingLabel`, and cannot be pressed. */
  pending: boolean;
  submitLabel: ReactNode;
  /** Defaults to `submitLabel`. */
  pendingLabel?: ReactNode;
  /** Disables the submit button for a reason of the caller's (nothing chosen yet, not loaded). */
  submitDisabled?: boolean;
  /** Defaults to 'Cancel'; null for no Cancel button (the close button and Escape still hide). */
  cancelLabel?: string | null;
  children: ReactNode;
  /** Shown above the error alert (what the form is about). */
  intro?: ReactNode;
  /** Shown in the footer before Cancel. */
  footerExtras?: ReactNode;
  /** Defaults to true: a dialog is often mounted only while open. */
  show?: boolean;
  size?: 'sm' | 'lg' | 'xl';
  centered?: boolean;
  /** The form's accessible name, where a spec finds it by role. */
  formLabel?: string;
  /** Defaults to true: the caller validates (zod); false lets the browser check `required` inputs. */
  noValidate?: boolean;
}

const FIELDS = 'input:not([type="hidden"]):not(:disabled), select:not(:disabled), textarea:not(:disabled)';

/**
 * The one Modal + Form + error alert: a titled dialog (aria-labelledby) whose form submits on Enter,
 * shows the server's refusal, and has Cancel and a submit button that is busy while pending. The first
 * field has focus when it opens (the Modal remembers the opener and gives focus back on close).
 */
export function FormDialog({
  title,
  onSubmit,
  onHide,
  error,
  pending,
  submitLabel,
  pendingLabel,
  submitDisabled,
  cancelLabel = 'Cancel',
  children,
  intro,
  footerExtras,
  show = true,
  size,
  centered,
  formLabel,
  noValidate = true,
}: FormDialogProps) {
  const titleId = useId();
  const formRef = useRef<HTMLFormElement>(null);

  // Runs after the Modal's own focus (child effects first), which moves focus into the dialog.
  useEffect(() => {
    const form = formRef.current;
    if (!show || !form) return;
    const field = form.querySelector<HTMLElement>(FIELDS);
    // A field the caller focused itself (autoFocus) keeps it.
    if (field && !form.contains(document.activeElement)) field.focus();
  }, [show]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSubmit(event);
  };

  return (
    <Modal show={show} onHide={onHide} size={size} centered={centered} aria-labelledby={titleId}>
      <Form ref={formRef} noValidate={noValidate} onSubmit={submit} aria-label={formLabel}>
        <Modal.Header closeButton={onHide !== undefined}>
          <Modal.Title id={titleId}>{title}</Modal.Title>
        </Modal.Header>
        <Modal.Body>
          {intro}
          <FormErrorAlert error={error} />
          {children}
        </Modal.Body>
        <Modal.Footer>
          {footerExtras}
          {onHide && cancelLabel !== null && (
            <Button variant="outline-secondary" onClick={onHide}>
              {cancelLabel}
            </Button>
          )}
          <SubmitButton
            pending={pending}
            pendingLabel={pendingLabel ?? submitLabel}
            disabled={submitDisabled}
          >
            {submitLabel}
          </SubmitButton>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
