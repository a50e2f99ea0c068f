import { Button } from 'react-bootstrap';
import { useCopyFeedback } from '../../../lib/use-copy-feedback';

interface CopyButtonProps {
  text: string;
  label: string;
  size?: 'sm' | 'lg';
}

/** Copies `text`; the button itself says Copied (announced politely) for about a second. */
export function CopyButton({ text, label, size = 'sm' }: CopyButtonProps) {
  const { state, copy: copyText } = useCopyFeedback();
  const copy = () => copyText(text);

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
