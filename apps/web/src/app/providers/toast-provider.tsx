import { type ReactNode, useCallback, useMemo, useRef, useState } from 'react';
import { Toast, ToastContainer } from 'react-bootstrap';
import { type ToastApi, ToastContext, type ToastInput } from './toast-context';

/** Spec §9: toasts hide themselves after 5000 ms. */
export const TOAST_AUTOHIDE_MS = 5000;

interface ShownToast extends ToastInput {
  id: number;
}

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<ShownToast[]>([]);
  const nextId = useRef(1);

  const show = useCallback((toast: ToastInput) => {
    const id = nextId.current++;
    setToasts((current) => [...current, { ...toast, id }]);
  }, []);
  const dismiss = useCallback((id: number) => {
    setToasts((current) => current.filter((toast) => toast.id !== id));
  }, []);
  const api = useMemo<ToastApi>(() => ({ show }), [show]);

  return (
    <ToastContext.Provider value={api}>
      {children}
      {/* Above the fixed navbar (z-index 3000) so a toast is never hidden behind it. */}
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
            onClose={() => dismiss(toast.id)}
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
    </ToastContext.Provider>
  );
}
