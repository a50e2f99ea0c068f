import { Toast, ToastContainer } from 'react-bootstrap';
import { TOAST_AUTOHIDE_MS, type ToastInput } from './toast-context';

export interface ShownToast extends ToastInput {
  id: number;
}

/** The visible toasts; its own chunk, loaded with the first toast (see ToastProvider). */
export default function ToastStack({
  toasts,
  onDismiss,
}: {
  toasts: readonly ShownToast[];
  onDismiss: (id: number) => void;
}) {
  return (
    // Above the fixed navbar (z-index 3000) so a toast is never hidden behind it.
    <ToastContainer
      position="top-end"
      containerPosition="fixed"
      className="p-3"
      style={{ zIndex: 3100, top: 70 }}
    >
      {toasts.map((toast) => (
        <Toast
          key={toast.id}
          bg={toast.variant ?? 'success'}
          autohide
          delay={TOAST_AUTOHIDE_MS}
          onClose={() => onDismiss(toast.id)}
        >
          <Toast.Header closeLabel="Dismiss">
            <strong className="me-auto">{toast.title ?? 'Done'}</strong>
          </Toast.Header>
          {/* A message that only repeats the title would be read out twice. */}
          {toast.message !== toast.title && (
            <Toast.Body className={toast.variant === 'info' ? undefined : 'text-white'}>
              {toast.message}
            </Toast.Body>
          )}
        </Toast>
      ))}
    </ToastContainer>
  );
}
