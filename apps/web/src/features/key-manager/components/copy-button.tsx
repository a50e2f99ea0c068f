import { useEffect, useState } from 'react';
import { Button } from 'react-bootstrap';

/** Spec §9: the "Copied" feedback lasts about 1 s. */
export const COPIED_FEEDBACK_MS = 1000;

interface CopyButtonProps {
  text: string;
  label: string;
  size?: 'sm' | 'lg';
}

/** Copies `text`; the button itself says Copied (announced politely) for about a second. */
export function CopyButton({ text, label, size = 'sm' }: CopyButtonProps) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  useEffect(() => {
    if (state === 'idle') return;
    const timer = setTimeout(() => setState('idle'), COPIED_FEEDBACK_MS);
    return () => clearTimeout(timer);
  }, [state]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setState('copied');
    } catch {
      setState('failed');
    }
  };

  return (
    <Button
      size={size}
      variant={state === 'copied' ? 'success' : 'outline-secondary'}
      onClick={copy}
      aria-label={state === 'idle' ? label : undefined}
    >
      <span aria-live="polite">
        {state === 'copied' ? 'Copied' : state === 'failed' ? 'Copy failed' : 'Copy'}
      </span>
    </Button>
  );
}
