import { useContext } from 'react';
import { ToastOutletContext } from './toast-context';

/**
 * Where a frame shows its toasts: in the page's flow right below its bar, so a toast pushes the page
 * down instead of covering the bar's links or the page's first buttons (Add key, Request New Project).
 * Scrolled down, it stays in view `top` px from the top of the window (below a fixed bar), under the
 * bar and under dialogs (styles.css). Empty, it takes no room.
 */
export function ToastOutlet({ top }: { top: number }) {
  const register = useContext(ToastOutletContext);
  return <div ref={register ?? undefined} className="toast-outlet" style={{ top }} />;
}
