/**
 * A rendered page is on screen before its route chunk has loaded and React has attached handlers.
 * Input in that gap would be lost (or submit a form natively), so it is held and replayed once React
 * hydrates the page, which React does at once for such events:
 * - button clicks and form submits;
 * - arrow, Home and End keys on composite widgets (tabs, menus, listboxes), whose keyboard handling
 *   is React's: without it the key does nothing. Keys in text fields are left alone (the browser
 *   handles typing itself), as are Enter and Space, which a button turns into a click held above.
 */
const WIDGET_KEYS = new Set(['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'Home', 'End']);
const WIDGET_ROLES = '[role="tab"], [role="menuitem"], [role="option"], [role="treeitem"]';

export function holdEarlyInput(root: HTMLElement): () => void {
  const held: (() => void)[] = [];
  const hold = (event: Event, replay: () => void) => {
    event.preventDefault();
    event.stopPropagation();
    held.push(replay);
  };
  const onClick = (event: MouseEvent) => {
    const button = event.target instanceof Element ? event.target.closest('button') : null;
    if (button) hold(event, () => button.isConnected && button.click());
  };
  const onSubmit = (event: SubmitEvent) => {
    const form = event.target;
    if (form instanceof HTMLFormElement) hold(event, () => form.isConnected && form.requestSubmit());
  };
  const onKeyDown = (event: KeyboardEvent) => {
    // With a modifier the key is the browser's (Alt+← goes back), not the widget's.
    if (!WIDGET_KEYS.has(event.key) || event.altKey || event.ctrlKey || event.metaKey) return;
    const widget = event.target instanceof Element ? event.target.closest(WIDGET_ROLES) : null;
    if (!widget) return;
    const { key, code, shiftKey } = event;
    hold(event, () => {
      if (!widget.isConnected) return;
      widget.dispatchEvent(
        new KeyboardEvent('keydown', {
          key,
          code,
          shiftKey,
          bubbles: true,
          cancelable: true,
        }),
      );
    });
  };
  root.addEventListener('click', onClick, true);
  root.addEventListener('submit', onSubmit, true);
  root.addEventListener('keydown', onKeyDown, true);
  return () => {
    root.removeEventListener('click', onClick, true);
    root.removeEventListener('submit', onSubmit, true);
    root.removeEventListener('keydown', onKeyDown, true);
    for (const replay of held) replay();
  };
}
