import { DELIVERABLE_LIMITS, type MilestoneWork } from '@app/contract';
import { useId, useState } from 'react';
import { Form, ProgressBar } from 'react-bootstrap';
import { FormDialog } from '../form-dialog';
import { formatSize } from './deliverable-list';
import { postDeliverable, uploadDeliverable, useMilestoneStep } from './deliverables-api';

type Kind = 'file' | 'link' | 'note';
const KIND_LABELS: Record<Kind, string> = { file: 'A file', link: 'A link', note: 'A note' };
const ACCEPT = '.pdf,.zip,.png,.jpg,.jpeg,.gif,.webp,.mp4,.doc,.docx,.odt,.txt';

interface Values {
  kind: Kind;
  file: File | null;
  url: string;
  note: string;
}

/** What is missing or wrong, by field, before anything is sent (the server checks again). */
function problems(values: Values): Partial<Record<'file' | 'url' | 'note', string>> {
  const found: Partial<Record<'file' | 'url' | 'note', string>> = {};
  if (values.kind === 'file' && !values.file) found.file = 'Choose a file';
  if (values.file && values.file.size > DELIVERABLE_LIMITS.fileMaxBytes)
    found.file = `The file is larger than ${formatSize(DELIVERABLE_LIMITS.fileMaxBytes)}`;
  if (values.kind === 'link' && !/^https?:\/\/\S+$/i.test(values.url.trim()))
    found.url = 'A link must be an http(s) address';
  if (values.kind === 'note' && !values.note.trim()) found.note = 'Write the note';
  if (values.note.length > DELIVERABLE_LIMITS.noteMax)
    found.note = `A note must be at most ${DELIVERABLE_LIMITS.noteMax} characters`;
  return found;
}

/**
 * The team's "Add deliverable" on a milestone (decision 035, amended 2026-11-28): a file (uploaded
 * with a progress bar), a link or a note; a file or a link may carry a note. Posting it delivers a
 * pending milestone, or one the client sent back.
 */
export function AddDeliverableDialog({
  milestone,
  onHide,
}: {
  milestone: MilestoneWork;
  onHide: () => void;
}) {
  const id = useId();
  const [values, setValues] = useState<Values>({ kind: 'file', file: null, url: '', note: '' });
  const [shown, setShown] = useState<ReturnType<typeof problems>>({});
  const [progress, setProgress] = useState<number | null>(null);
  const add = useMilestoneStep((input: Values) =>
    input.kind === 'file' && input.file
      ? uploadDeliverable(
          { milestoneID: milestone.id, note: input.note.trim(), file: input.file },
          setProgress,
        )
      : postDeliverable({
          milestoneID: milestone.id,
          note: input.note.trim(),
          ...(input.kind === 'link' ? { url: input.url.trim() } : {}),
        }),
  );
  const set = (change: Partial<Values>) => setValues((current) => ({ ...current, ...change }));
  function submit() {
    const found = problems(values);
    setShown(found);
    if (Object.keys(found).length > 0) return;
    setProgress(values.kind === 'file' ? 0 : null);
    add.mutate(values, { onSuccess: onHide, onSettled: () => setProgress(null) });
  }
  const field = (name: 'file' | 'url' | 'note') => ({
    isInvalid: Boolean(shown[name]),
    'aria-invalid': shown[name] ? true : undefined,
    'aria-describedby': shown[name] ? `${id}-${name}-error` : undefined,
  });
  const feedback = (name: 'file' | 'url' | 'note') => (
    <Form.Control.Feedback type="invalid" id={`${id}-${name}-error`}>
      {shown[name]}
    </Form.Control.Feedback>
  );
  return (
    <FormDialog
      title={`Add deliverable: ${milestone.title}`}
      formLabel="Add deliverable"
      onSubmit={submit}
      onHide={add.isPending ? undefined : onHide}
      error={add.error}
      pending={add.isPending}
      submitLabel="Add deliverable"
      pendingLabel={values.kind === 'file' ? 'Uploading…' : 'Adding…'}
      intro={
        milestone.status === 'delivered' ? null : (
          <p className="small text-body-secondary">
            Adding it marks the milestone delivered and tells the client.
          </p>
        )
      }
    >
      <fieldset className="mb-3">
        <legend className="form-label fs-6">What to add</legend>
        {(Object.keys(KIND_LABELS) as Kind[]).map((kind) => (
          <Form.Check
            key={kind}
            inline
            type="radio"
            id={`${id}-kind-${kind}`}
            name={`${id}-kind`}
            label={KIND_LABELS[kind]}
            checked={values.kind === kind}
            onChange={() => set({ kind })}
          />
        ))}
      </fieldset>
      {values.kind === 'file' && (
        <Form.Group className="mb-3" controlId={`${id}-file`}>
          <Form.Label>File</Form.Label>
          <Form.Control
            type="file"
            accept={ACCEPT}
            onChange={(event) => set({ file: (event.target as HTMLInputElement).files?.[0] ?? null })}
            {...field('file')}
          />
          <Form.Text muted>
            PDF, ZIP, images, MP4, Word or text, up to {formatSize(DELIVERABLE_LIMITS.fileMaxBytes)}.
          </Form.Text>
          {feedback('file')}
        </Form.Group>
      )}
      {values.kind === 'link' && (
        <Form.Group className="mb-3" controlId={`${id}-url`}>
          <Form.Label>Link</Form.Label>
          <Form.Control
            type="url"
            inputMode="url"
            placeholder="https://"
            value={values.url}
            onChange={(event) => set({ url: event.target.value })}
            {...field('url')}
          />
          {feedback('url')}
        </Form.Group>
      )}
      <Form.Group className="mb-2" controlId={`${id}-note`}>
        <Form.Label>{values.kind === 'note' ? 'Note' : 'Note (optional)'}</Form.Label>
        <Form.Control
          as="textarea"
          rows={3}
          maxLength={DELIVERABLE_LIMITS.noteMax}
          value={values.note}
          onChange={(event) => set({ note: event.target.value })}
          {...field('note')}
        />
        {feedback('note')}
      </Form.Group>
      {progress !== null && (
        <ProgressBar
          now={progress}
          label={`${progress.toFixed(0)}%`}
          aria-label="Upload progress"
          className="mt-2"
        />
      )}
    </FormDialog>
  );
}
