import { createContext, useContext } from 'react';

/** Spec §9: toasts hide themselves after 5000 ms. */
export const TOAST_AUTOHIDE_MS = 5000;

export type ToastVariant = 'success' | 'danger' | 'info';

export interface ToastInput {
  title?: string;
  message: string;
  variant?: ToastVariant;
}

export interface ToastApi {
  show: (toast: ToastInput) => void;
}

export const ToastContext = createContext<ToastApi | null>(null);

export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast must be used inside <ToastProvider>');
  return api;
}
