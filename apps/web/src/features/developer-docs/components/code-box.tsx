import { useId } from 'react';
import { Button } from 'react-bootstrap';
import { useSiteOrigin } from '../../../lib/ssr/origin';
import { useCopyFeedback } from '../../../lib/use-copy-feedback';
import { fillInKeys } from '../content/example-keys';
import { useExampleKeys } from './example-keys';

interface CodeBoxProps {
  /** What the code is, e.g. "Java: ActivateKey.java"; names the region and the copy button. */
  label: string;
  code: string;
}

/** The server address the example modules (../examples, sdks/java/examples) are written against. */
export const EXAMPLE_ORIGIN = 'http://localhost:3000';

/** A 300 px high, scrollable code display (docs/product-contract.md §Interface) with a copy button. */
export function CodeBox({ label, code: source }: CodeBoxProps) {
  // The examples are real modules written against a local server; readers see this site's address,
  // and, signed in, their own keys in place of the placeholders.
  const code = fillInKeys(source.replaceAll(EXAMPLE_ORIGIN, useSiteOrigin()), useExampleKeys());
  const { state, copy: copyCode } = useCopyFeedback();
  const labelId = useId();
  const copy = () => copyCode(code);

  return (
    <div className="mb-3">
      <div className="d-flex justify-content-between align-items-center bg-dark text-light px-3 py-1 rounded-top small">
        <span id={labelId}>{label}</span>
        <Button
          size="sm"
          variant={state === 'failed' ? 'warning' : 'outline-light'}
          onClick={copy}
          aria-label={`Copy ${label}`}
        >
          {state === 'copied'
            ? 'Copied!'
            : state === 'failed'
              ? 'Copy failed: select the code instead'
              : 'Copy'}
        </Button>
      </div>
      <span className="visually-hidden" aria-live="polite">
        {state === 'copied'
          ? 'Copied to the clipboard'
          : state === 'failed'
            ? 'Copy failed: select the code and copy it yourself'
            : ''}
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
