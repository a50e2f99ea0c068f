import { CopyButton } from './copy-button';

/**
 * A secret shown once (an API key, a webhook signing secret): on one line that scrolls sideways
 * when it is wider than the dialog, never broken inside the token, with a button that copies it whole.
 */
export function SecretValue({
  value,
  copyLabel,
  testId,
}: {
  value: string;
  copyLabel: string;
  testId: string;
}) {
  return (
    <div className="d-flex gap-2 align-items-center">
      <code
        className="d-block flex-grow-1 text-nowrap overflow-x-auto border rounded bg-body-tertiary px-2 py-1"
        // A flex item shrinks below its content's width only with min-width 0; then it scrolls.
        style={{ minWidth: 0 }}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
        tabIndex={0}
        data-testid={testId}
      >
        {value}
      </code>
      <CopyButton text={value} label={copyLabel} />
    </div>
  );
}
