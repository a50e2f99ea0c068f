import { createContext, useContext } from 'react';

/** docs/product-contract.md §Interface: toasts hide themselves after 5000 ms. */
export const TOAST_AUTOHIDE_MS = 5000;

/**
 * At most this many toasts show at once, newest first; an older one gives way to a new one, so a
 * burst of toasts (a row of switches flipped) never grows into a wall down the page.
 */
export const MAX_VISIBLE_TOASTS = 3;

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

export interface ShownToast extends ToastInput {
  id: number;
}

/**
 * Where a frame (the public layout, the admin panel) wants its toasts: the element its ToastOutlet
 * renders below its bar. ToastProvider renders the stack into it.
 */
export const ToastOutletContext = createContext<((element: HTMLElement | null) => void) | null>(null);
