import { useEffect, useId, useState } from 'react';
import { Button } from 'react-bootstrap';

/** Spec §9: copied feedback lasts about 1 s. */
export const COPIED_FEEDBACK_MS = 1000;

/** Copies text; falls back to a hidden textarea where the Clipboard API is missing (plain http). */
async function copyText(text: string): Promise<void> {
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

interface CodeBoxProps {
  /** What the code is, e.g. "Java: ActivateKey.java"; names the region and the copy button. */
  label: string;
  code: string;
}

/** A 300 px high, scrollable code display (spec §9) with a copy button. */
export function CodeBox({ label, code }: CodeBoxProps) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const labelId = useId();

  useEffect(() => {
    if (state === 'idle') return;
    const timer = setTimeout(() => setState('idle'), COPIED_FEEDBACK_MS);
    return () => clearTimeout(timer);
  }, [state]);

  const copy = () =>
    copyText(code).then(
      () => setState('copied'),
      () => setState('failed'),
    );

  return (
    <div className="mb-3">
      <div className="d-flex justify-content-between align-items-center bg-dark text-light px-3 py-1 rounded-top small">
        <span id={labelId}>{label}</span>
        <Button size="sm" variant="outline-light" onClick={copy} aria-label={`Copy ${label}`}>
          {state === 'copied' ? 'Copied!' : state === 'failed' ? 'Copy failed' : 'Copy'}
        </Button>
      </div>
      <span className="visually-hidden" aria-live="polite">
        {state === 'copied' ? 'Copied to the clipboard' : ''}
      </span>
      <section
        className="code-box border border-top-0 rounded-bottom bg-body-tertiary"
        style={{ height: 300, overflow: 'auto' }}
        aria-labelledby={labelId}
        // Focusable so keyboard users can scroll the code.
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
        tabIndex={0}
      >
        <pre className="m-0 p-3">
          <code>{code}</code>
        </pre>
      </section>
    </div>
  );
}
