import { Button } from 'react-bootstrap';
import { Link } from 'react-router';
import { errorMessage } from '../../../../lib/api-error';
import { ChartMessage } from './usage-chart';

export const DOCUMENTATION_TAB = '/store/key-manager?tab=documentation';

/** Nothing counted in the period: what shows here, when, and how to get the breakdowns. */
export function NoCallsYet({ compact }: { compact?: boolean }) {
  if (compact) {
    return (
      <ChartMessage testId="usage-empty">
        No calls yet in this period. Your apps’ calls to the Key Manager API appear here within a few seconds.
      </ChartMessage>
    );
  }
  return (
    <ChartMessage testId="usage-empty">
      <p className="mb-1">
        No calls yet in this period. Your apps’ calls to the Key Manager API appear here within a few seconds:
        validations, activations, heartbeats, checkouts and every refusal with its reason.
      </p>
      <p className="mb-0">
        Send <code>appVersion</code> and <code>platform</code> with each call to see which versions and
        platforms are in use — the <Link to={DOCUMENTATION_TAB}>Documentation tab</Link> shows how.
      </p>
    </ChartMessage>
  );
}

/** The charts' failure, in the chart's place, with a retry. */
export function ChartFailure({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <ChartMessage testId="usage-error">
      <p className="mb-2 text-danger-emphasis" role="alert">
        {errorMessage(error)}
      </p>
      <Button size="sm" variant="outline-danger" onClick={onRetry}>
        Try again
      </Button>
    </ChartMessage>
  );
}
