import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MAX_VISIBLE_TOASTS, TOAST_AUTOHIDE_MS, useToast } from './toast-context';
import { ToastOutlet } from './toast-outlet';
import { ToastProvider } from './toast-provider';

let shown = 0;

function Page() {
  const toast = useToast();
  return (
    <button type="button" onClick={() => toast.show({ message: `Key ${++shown} created` })}>
      Add key
    </button>
  );
}

/** A frame as the public layout builds it: the bar, then the outlet, then the page. */
function renderFrame() {
  render(
    <MemoryRouter>
      <ToastProvider>
        <header data-testid="bar">bar</header>
        <main data-testid="main">
          <ToastOutlet top={70} />
          <Page />
        </main>
      </ToastProvider>
    </MemoryRouter>,
  );
}

describe('ToastProvider', () => {
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    shown = 0;
  });

  it('shows a toast in the frame’s outlet, in the page’s flow before its content', async () => {
    renderFrame();
    fireEvent.click(screen.getByRole('button', { name: 'Add key' }));
    const toast = await screen.findByText('Key 1 created');
    const outlet = screen.getByTestId('main').firstElementChild as HTMLElement;
    expect(outlet.className).toBe('toast-outlet');
    expect(outlet.contains(toast)).toBe(true);
    expect(outlet.style.top).toBe('70px');
    expect(outlet.compareDocumentPosition(screen.getByRole('button', { name: 'Add key' }))).toBe(
      Node.DOCUMENT_POSITION_FOLLOWING,
    );
  });

  it(`keeps at most ${MAX_VISIBLE_TOASTS} toasts, newest first`, async () => {
    renderFrame();
    const add = screen.getByRole('button', { name: 'Add key' });
    for (let i = 0; i < 5; i++) fireEvent.click(add);
    await screen.findByText('Key 5 created');
    const outlet = screen.getByTestId('main').firstElementChild as HTMLElement;
    const messages = Array.from(outlet.querySelectorAll('.toast-body')).map((body) => body.textContent);
    expect(messages).toEqual(['Key 5 created', 'Key 4 created', 'Key 3 created']);
  });

  it('hides a toast by itself after 5 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderFrame();
    fireEvent.click(screen.getByRole('button', { name: 'Add key' }));
    const outlet = screen.getByTestId('main').firstElementChild as HTMLElement;
    await within(outlet).findByText('Key 1 created');
    await act(async () => vi.advanceTimersByTime(TOAST_AUTOHIDE_MS - 500));
    expect(within(outlet).queryByText('Key 1 created')).not.toBeNull();
    await act(async () => vi.advanceTimersByTime(1000));
    expect(within(outlet).queryByText('Key 1 created')).toBeNull();
  });
});
