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
 * click aimed at a row or a checkbox would land on its neighbour. The room is a spacer after the
 * outlet, so the outlet's own size follows its toasts (and is what the observer sees). Scrolled (the
 * outlet stuck below the bar), a new toast adds its height to the room, so what was on screen moves
 * down from under it instead of being covered by it.
 */
export function ToastOutlet({ top }: { top: number }) {
  const register = useContext(ToastOutletContext);
  const { pathname } = useLocation();
  const [room, setRoom] = useState({ held: 0, shown: 0 });
  const watcher = useRef<ResizeObserver | null>(null);
  const ref = useCallback(
    (node: HTMLDivElement | null) => {
      register?.(node);
      watcher.current?.disconnect();
      watcher.current = null;
      if (node && typeof ResizeObserver !== 'undefined') {
        watcher.current = new ResizeObserver(() =>
          setRoom(({ held, shown }) => {
            const now = node.offsetHeight;
            const grown = now - shown;
            return { held: scrollY > 0 && grown > 0 ? held + grown : Math.max(held, now), shown: now };
          }),
        );
        watcher.current.observe(node);
      }
    },
    [register],
  );
  // A new page starts with no room held (the pathname is what the effect follows).
  useEffect(() => {
    if (pathname) setRoom(({ shown }) => ({ held: shown, shown }));
  }, [pathname]);
  return (
    <>
      <div ref={ref} className="toast-outlet" style={{ top }} />
      <div aria-hidden="true" style={{ height: room.held - room.shown || undefined }} />
    </>
  );
}
