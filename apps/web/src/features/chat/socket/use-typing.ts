import { useCallback, useEffect, useRef, useState } from 'react';

const SHOW_FOR_MS = 3000;

/** "X is typing…" that disappears a few seconds after the last typing event. */
export function useTypingIndicator(): [string | null, (name: string | null) => void] {
  const [typing, setTyping] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  const show = useCallback((name: string | null) => {
    if (timer.current) clearTimeout(timer.current);
    setTyping(name);
    if (name) timer.current = setTimeout(() => setTyping(null), SHOW_FOR_MS);
  }, []);
  return [typing, show];
}

/** Refetch once when the socket (re)opens: messages sent while it was down are not lost. */
export function useRefetchOnOpen(status: string, refetch: () => unknown, enabled = true): void {
  const previous = useRef(status);
  useEffect(() => {
    // refetch() runs even for a disabled query: with nothing chosen yet it would send an empty body (400).
    if (enabled && status === 'open' && previous.current !== 'open') refetch();
    previous.current = status;
  }, [status, refetch, enabled]);
}
