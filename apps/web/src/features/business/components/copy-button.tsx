import { useEffect, useState } from 'react';
import { Button } from 'react-bootstrap';

/** Spec §9: copy feedback lasts about 1 s. */
const COPIED_MS = 1000;

export function CopyButton({ text, label = 'Copy snippet' }: { text: string; label?: string }) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  useEffect(() => {
    if (state === 'idle') return;
    const timer = setTimeout(() => setState('idle'), COPIED_MS);
    return () => clearTimeout(timer);
  }, [state]);
  const copy = () =>
    navigator.clipboard.writeText(text).then(
      () => setState('copied'),
      () => setState('failed'),
    );
  return (
    <Button
      size="sm"
      variant={state === 'failed' ? 'outline-danger' : 'outline-secondary'}
      onClick={() => void copy()}
    >
      <span aria-live="polite">
        {state === 'copied' ? 'Copied!' : state === 'failed' ? 'Copy failed: select the text instead' : label}
      </span>
    </Button>
  );
}
