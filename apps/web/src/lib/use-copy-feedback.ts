import { useCallback, useEffect, useState } from 'react';

/** docs/product-contract.md §Interface: the "copied" feedback lasts about 1 s. */
export const COPIED_FEEDBACK_MS = 1000;

export type CopyState = 'idle' | 'copied' | 'failed';

/** Copies text; falls back to a hidden textarea where the Clipboard API is missing (plain http). */
export async function copyText(text: string): Promise<void> {
  if (navigator.clipboard?.writeText) {
    await navigator.clipboard.writeText(text);
    return;
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.append(area);
  area.select();
  const ok = document.execCommand('copy');
  area.remove();
  if (!ok) throw new Error('copy refused');
}

/**
 * The one copy behaviour: copy, then report it. "Copied" returns to idle after about a second; a
 * failure stays until the next try, so a reader who looked away still learns the clipboard is not
 * holding the text.
 */
export function useCopyFeedback(): { state: CopyState; copy: (text: string) => Promise<void> } {
  const [state, setState] = useState<CopyState>('idle');
  useEffect(() => {
    if (state !== 'copied') return;
    const timer = setTimeout(() => setState('idle'), COPIED_FEEDBACK_MS);
    return () => clearTimeout(timer);
  }, [state]);
  const copy = useCallback(
    (text: string) =>
      copyText(text).then(
        () => setState('copied'),
        () => setState('failed'),
      ),
    [],
  );
  return { state, copy };
}
