import {
  DELIVERABLE_LIMITS,
  DELIVERABLE_PATHS,
  type MilestoneWork,
  ZRequestChangesRequest,
} from '@app/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { Form } from 'react-bootstrap';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { postStep, useMilestoneStep } from '../../../components/deals/deliverables-api';
import { FormDialog } from '../../../components/form-dialog';
import { useServerFieldError } from '../../../lib/use-server-field-error';

type Values = z.input<typeof ZRequestChangesRequest>;
const commentField = (apiField: string) => (apiField === 'comment' ? 'comment' : undefined);

/** The client's "Ask for changes" on a delivered milestone: what should change (required). */
export function RequestChangesDialog({
  milestone,
  onHide,
}: {
  milestone: MilestoneWork;
  onHide: () => void;
}) {
  const ask = useMilestoneStep(postStep(DELIVERABLE_PATHS.requestChanges));
  const form = useForm<Values, unknown, z.output<typeof ZRequestChangesRequest>>({
    resolver: zodResolver(ZRequestChangesRequest),
    defaultValues: { milestoneID: milestone.id, comment: '' },
  });
  const shownOnField = useServerFieldError(ask.error, form.setError, commentField);
  const submit = form.handleSubmit((values) => ask.mutate(values, { onSuccess: onHide }));
  const error = form.formState.errors.comment?.message;
  const controlId = `changes-comment-${milestone.id}`;
  return (
    <FormDialog
      title={`Ask for changes: ${milestone.title}`}
      formLabel="Ask for changes"
      onSubmit={(event) => void submit(event)}
      onHide={onHide}
      error={shownOnField ? null : ask.error}
      pending={ask.isPending}
      submitLabel="Ask for changes"
      pendingLabel="Sending…"
    >
      <Form.Group controlId={controlId}>
        <Form.Label>What should change?</Form.Label>
        <Form.Control
          as="textarea"
          rows={4}
          maxLength={DELIVERABLE_LIMITS.commentMax}
          {...form.register('comment')}
          isInvalid={Boolean(error)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${controlId}-error` : `${controlId}-hint`}
        />
        <Form.Text id={`${controlId}-hint`} muted>
          The team reads this and delivers again. Up to {DELIVERABLE_LIMITS.commentMax} characters.
        </Form.Text>
        <Form.Control.Feedback type="invalid" id={`${controlId}-error`}>
          {error}
        </Form.Control.Feedback>
      </Form.Group>
    </FormDialog>
  );
}
