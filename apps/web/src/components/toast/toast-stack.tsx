import { Toast } from 'react-bootstrap';
import { type ShownToast, TOAST_AUTOHIDE_MS } from './toast-context';

/**
 * The visible toasts, newest first; its own chunk, loaded with the first toast (see ToastProvider).
 * `loose`: no frame gave an outlet, so the stack lies fixed below where the public bar ends.
 */
export default function ToastStack({
  toasts,
  onDismiss,
  loose = false,
}: {
  toasts: readonly ShownToast[];
  onDismiss: (id: number) => void;
  loose?: boolean;
}) {
  return (
    <div className={loose ? 'toast-stack toast-stack-loose' : 'toast-stack'}>
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
    </div>
  );
}
