import { useCallback, useContext, useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { ToastOutletContext } from './toast-context';

/**
 * Where a frame shows its toasts: in the page's flow right below its bar, so a toast pushes the page
 * down instead of covering the bar's links or the page's first buttons (Add key, Request New Project).
 * Scrolled down, it stays in view `top` px from the top of the window (below a fixed bar), under the
 * bar and under dialogs (styles.css). Before the first toast of a page it takes no room.
 *
 * The room toasts took is kept, empty and transparent to clicks, until the page changes: a toast
 * hiding five seconds after it came would otherwise pull the page up under the pointer, and the
 * click aimed at a row or a checkbox would land on its neighbour.
 */
export function ToastOutlet({ top }: { top: number }) {
  const register = useContext(ToastOutletContext);
  const { pathname } = useLocation();
  const [held, setHeld] = useState(0);
  const watcher = useRef<ResizeObserver | null>(null);
  const ref = useCallback(
    (node: HTMLDivElement | null) => {
      register?.(node);
      watcher.current?.disconnect();
      watcher.current = null;
      if (node && typeof ResizeObserver !== 'undefined') {
        watcher.current = new ResizeObserver(() => setHeld((height) => Math.max(height, node.scrollHeight)));
        watcher.current.observe(node);
      }
    },
    [register],
  );
  // A new page starts with no room held (the pathname is what the effect follows).
  useEffect(() => {
    if (pathname) setHeld(0);
  }, [pathname]);
  return <div ref={ref} className="toast-outlet" style={{ top, minHeight: held || undefined }} />;
}
