import { JOB_STATES, type JobState, type JobView } from '@app/contract';
import { useState } from 'react';
import { Badge, Button, Col, Form, Row } from 'react-bootstrap';
import { LoadMore } from '../../../components/load-more';
import { QueryState } from '../../../components/query-state';
import { StackedTable } from '../../../components/stacked-table';
import { useToast } from '../../../components/toast/toast-context';
import { errorMessage } from '../../../lib/api-error';
import { useJobs, useJobsSummary, useRetryJob } from '../api';

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' });

const STATE_LABELS: Record<JobState, { label: string; bg: string }> = {
  created: { label: 'Queued', bg: 'secondary' },
  retry: { label: 'Waiting to retry', bg: 'warning' },
  active: { label: 'Running', bg: 'info' },
  completed: { label: 'Done', bg: 'success' },
  cancelled: { label: 'Cancelled', bg: 'light' },
  failed: { label: 'Failed', bg: 'danger' },
};

/** Admin section 'Jobs': background work per queue; failed jobs (dead letters) can be run again. */
export function JobsSection() {
  const [state, setState] = useState<JobState | ''>('');
  const [queue, setQueue] = useState('');
  const summary = useJobsSummary();
  const jobs = useJobs({ state: state || undefined, queue: queue || undefined });
  const rows = jobs.data?.pages.flatMap((page) => page.jobs) ?? [];

  return (
    <section aria-labelledby="admin-jobs-title">
      <h2 id="admin-jobs-title" className="h4 mb-3">
        Jobs
      </h2>
      <p className="text-muted">
        Mail, webhooks, reminders and clean-ups run here in the background and are retried when they fail. A
        job that fails its last try stays failed until you run it again.
      </p>
      {!summary.data ? (
        <QueryState
          isPending={summary.isPending}
          error={summary.error}
          onRetry={() => void summary.refetch()}
        />
      ) : (
        <StackedTable responsive size="sm" className="bg-white mb-4" aria-label="Jobs per queue">
          <thead>
            <tr>
              <th scope="col">Queue</th>
              <th scope="col">Queued</th>
              <th scope="col">Waiting to retry</th>
              <th scope="col">Running</th>
              <th scope="col">Done (last day)</th>
              <th scope="col">Failed</th>
            </tr>
          </thead>
          <tbody>
            {summary.data.map((entry) => (
              <tr key={entry.queue}>
                <td>
                  <code>{entry.queue}</code>
                </td>
                <td>{entry.created}</td>
                <td>{entry.retry}</td>
                <td>{entry.active}</td>
                <td>{entry.completed}</td>
                <td className={entry.failed > 0 ? 'text-danger fw-semibold' : undefined}>{entry.failed}</td>
              </tr>
            ))}
          </tbody>
        </StackedTable>
      )}

      <Row className="g-2 mb-3">
        <Col sm={6} md={4}>
          <Form.Group controlId="jobs-state">
            <Form.Label>State</Form.Label>
            <Form.Select value={state} onChange={(event) => setState(event.target.value as JobState | '')}>
              <option value="">All states</option>
              {JOB_STATES.map((value) => (
                <option key={value} value={value}>
                  {STATE_LABELS[value].label}
                </option>
              ))}
            </Form.Select>
          </Form.Group>
        </Col>
        <Col sm={6} md={4}>
          <Form.Group controlId="jobs-queue">
            <Form.Label>Queue</Form.Label>
            <Form.Select value={queue} onChange={(event) => setQueue(event.target.value)}>
              <option value="">All queues</option>
              {summary.data?.map((entry) => (
                <option key={entry.queue} value={entry.queue}>
                  {entry.queue}
                </option>
              ))}
            </Form.Select>
          </Form.Group>
        </Col>
      </Row>

      {!jobs.data ? (
        <QueryState isPending={jobs.isPending} error={jobs.error} onRetry={() => void jobs.refetch()} />
      ) : rows.length === 0 ? (
        <p className="text-muted">No jobs match.</p>
      ) : (
        <>
          <StackedTable responsive striped hover className="bg-white" aria-label="Jobs">
            <thead>
              <tr>
                <th scope="col">Created</th>
                <th scope="col">Queue</th>
                <th scope="col">State</th>
                <th scope="col">Tries</th>
                <th scope="col">Last error</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((job) => (
                <JobRow key={job.id} job={job} />
              ))}
            </tbody>
          </StackedTable>
          <LoadMore query={jobs} />
        </>
      )}
    </section>
  );
}

function JobRow({ job }: { job: JobView }) {
  const toast = useToast();
  const retry = useRetryJob();
  const state = STATE_LABELS[job.state];
  const canRetry = job.state === 'failed' || job.state === 'retry' || job.state === 'created';
  return (
    <tr>
      <td className="text-nowrap">{dateFormat.format(new Date(job.createdAt))}</td>
      <td>
        <code>{job.queue}</code>
      </td>
      <td>
        <Badge bg={state.bg} text={state.bg === 'warning' || state.bg === 'light' ? 'dark' : undefined}>
          {state.label}
        </Badge>
        {job.state === 'retry' && (
          <div className="small text-muted">next try {dateFormat.format(new Date(job.startAfter))}</div>
        )}
      </td>
      <td>
        {job.retryCount + (job.state === 'created' ? 0 : 1)} of {job.retryLimit + 1}
      </td>
      <td className="small text-break" style={{ maxWidth: 360 }}>
        {job.error ?? '—'}
      </td>
      <td className="text-end">
        {canRetry && (
          <Button
            size="sm"
            variant="outline-primary"
            disabled={retry.isPending}
            aria-label={`Run job ${job.id} now`}
            onClick={() =>
              retry.mutate(job.id, {
                onSuccess: (reply) => toast.show({ variant: 'success', message: reply.message }),
                onError: (error) => toast.show({ variant: 'danger', message: errorMessage(error) }),
              })
            }
          >
            {job.state === 'failed' ? 'Retry' : 'Run now'}
          </Button>
        )}
      </td>
    </tr>
  );
}
