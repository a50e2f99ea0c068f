import { ProgressBar } from 'react-bootstrap';
import type { BulkStep } from '../bulk-api';

const n = (value: number) => value.toLocaleString('en-US');

/** The sentence and percent of a step of a bulk call. */
export function describeStep(step: BulkStep | null, starting: string): { text: string; percent: number } {
  if (!step) return { text: starting, percent: 0 };
  const percent = step.total > 0 ? Math.min(100, Math.round((step.done / step.total) * 100)) : 100;
  if (step.phase === 'uploading') return { text: `Sending the file… ${percent}%`, percent };
  if (step.phase === 'checking')
    return { text: `Checking rows… ${n(step.done)} of ${n(step.total)}`, percent };
  return {
    text: `Writing keys… ${n(step.done)} of ${n(step.total)} (saved together when all are written)`,
    percent,
  };
}

/**
 * Real progress of a bulk issue or import (issue 26): the upload's percent, then the server's rows
 * checked and keys written, as the server reports them. Before the first report the bar is empty and
 * says what is starting.
 */
export function BulkProgress({
  step,
  label,
  starting,
}: {
  step: BulkStep | null;
  label: string;
  starting: string;
}) {
  const { text, percent } = describeStep(step, starting);
  return (
    <div className="mt-2" data-testid="bulk-progress">
      <p className="mb-1" role="status">
        {text}
      </p>
      {/* Nested, so the name sits on the element whose role is progressbar (the outer one is a frame). */}
      <ProgressBar>
        <ProgressBar now={percent} label={`${percent}%`} visuallyHidden aria-label={label} />
      </ProgressBar>
    </div>
  );
}
