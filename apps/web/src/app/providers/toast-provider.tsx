import { lazy, type ReactNode, Suspense, useCallback, useMemo, useRef, useState } from 'react';
import { type ToastApi, ToastContext, type ToastInput } from './toast-context';
import type { ShownToast } from './toast-stack';

export { TOAST_AUTOHIDE_MS } from './toast-context';

// The toast UI (react-bootstrap Toast and its transitions) loads with the first toast, which keeps
// it out of the first page load (issue 7: initial JS budget).
const ToastStack = lazy(() => import('./toast-stack'));

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
      {toasts.length > 0 && (
        <Suspense fallback={null}>
          <ToastStack toasts={toasts} onDismiss={dismiss} />
        </Suspense>
      )}
    </ToastContext.Provider>
  );
}
