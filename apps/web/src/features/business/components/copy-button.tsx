import { Button } from 'react-bootstrap';
import { useCopyFeedback } from '../../../lib/use-copy-feedback';

export function CopyButton({ text, label = 'Copy snippet' }: { text: string; label?: string }) {
  const { state, copy: copyText } = useCopyFeedback();
  const copy = () => copyText(text);
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
