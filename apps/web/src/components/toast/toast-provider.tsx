import { lazy, type ReactNode, Suspense, useCallback, useMemo, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import {
  MAX_VISIBLE_TOASTS,
  type ShownToast,
  type ToastApi,
  ToastContext,
  type ToastInput,
  ToastOutletContext,
} from './toast-context';

export { TOAST_AUTOHIDE_MS } from './toast-context';

// The toast UI (react-bootstrap Toast and its transitions) loads with the first toast, which keeps
// it out of the first page load (decision 009: initial JS budget).
const ToastStack = lazy(() => import('./toast-stack'));

/**
 * The one toast mechanism: `useToast().show()` anywhere. Toasts show in the frame's ToastOutlet, in
 * the page's flow below its bar (the public layout, the admin panel); without a frame (an error
 * page, a component test) they lie fixed below where the public bar ends.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<ShownToast[]>([]);
  const [outlet, setOutlet] = useState<HTMLElement | null>(null);
  const nextId = useRef(1);

  const show = useCallback((toast: ToastInput) => {
    const id = nextId.current++;
    setToasts((current) => [{ ...toast, id }, ...current].slice(0, MAX_VISIBLE_TOASTS));
  }, []);
  const dismiss = useCallback((id: number) => {
    setToasts((current) => current.filter((toast) => toast.id !== id));
  }, []);
  const api = useMemo<ToastApi>(() => ({ show }), [show]);

  const stack = toasts.length > 0 && (
    <Suspense fallback={null}>
      <ToastStack toasts={toasts} onDismiss={dismiss} loose={!outlet} />
    </Suspense>
  );
  return (
    <ToastContext.Provider value={api}>
      <ToastOutletContext.Provider value={setOutlet}>{children}</ToastOutletContext.Provider>
      {stack && (outlet ? createPortal(stack, outlet) : stack)}
    </ToastContext.Provider>
  );
}
