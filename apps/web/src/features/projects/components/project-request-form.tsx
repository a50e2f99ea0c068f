import { UPLOAD_LIMITS, ZProjectRequestFields } from '@app/contract';
import { type FormEvent, useState } from 'react';
import { Button, Form, ProgressBar } from 'react-bootstrap';
import { useNavigate } from 'react-router';
import { FormErrorAlert } from '../../../components/form-error-alert';
import { SubmitButton } from '../../../components/submit-button';
import { useToast } from '../../../components/toast/toast-context';
import { useProjectRequest } from '../api';
import { DesignGalleryModal } from './design-gallery-modal';

const PLATFORMS = ['android', 'desktop', 'web'] as const;
type Platform = (typeof PLATFORMS)[number];

/** What the browser can check before sending; the server checks everything again, from content. */
function checkFiles(proposal: File | null, designs: File[]): string | null {
  if (proposal && proposal.size > UPLOAD_LIMITS.proposalMaxBytes)
    return 'The proposal must be at most 20 MB.';
  if (designs.length > UPLOAD_LIMITS.designMaxFiles) return 'Attach at most 10 design files.';
  if (designs.some((file) => file.size > UPLOAD_LIMITS.designMaxBytes))
    return 'Each design file must be at most 50 MB.';
  return null;
}

/** docs/product-contract.md §Screens (Project request page); success shows 'success' and goes to /orders. */
export function ProjectRequestForm() {
  const toast = useToast();
  const navigate = useNavigate();
  const [progress, setProgress] = useState(0);
  const mutation = useProjectRequest(setProgress);
  const [platforms, setPlatforms] = useState<Record<Platform, boolean>>({
    android: false,
    desktop: false,
    web: false,
  });
  const [name, setName] = useState('');
  const [proposal, setProposal] = useState<File | null>(null);
  const [designs, setDesigns] = useState<File[]>([]);
  const [proposalLink, setProposalLink] = useState('');
  const [designsLink, setDesignsLink] = useState('');
  const [templates, setTemplates] = useState<string[]>([]);
  const [gallery, setGallery] = useState(false);
  // Checked first on submit, then again as the form changes: a message goes once its cause is fixed.
  const [submitted, setSubmitted] = useState(false);

  const parsed = ZProjectRequestFields.safeParse({
    ...platforms,
    name,
    proposalLink,
    designsLink,
    designTemplates: templates,
  });
  const problem = !parsed.success
    ? (parsed.error.issues[0]?.message ?? 'Check the form')
    : !proposal && !parsed.data.proposalLink
      ? 'Add a proposal file or a proposal link.'
      : checkFiles(proposal, designs);
  const invalid = submitted ? problem : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (problem) return;
    const form = new FormData();
    for (const platform of PLATFORMS) form.set(platform, String(platforms[platform]));
    form.set('name', name.trim());
    if (proposalLink.trim()) form.set('proposalLink', proposalLink.trim());
    if (designsLink.trim()) form.set('designsLink', designsLink.trim());
    for (const id of templates) form.append('designTemplates', id);
    // Files go last so the text fields are read before the uploads stream.
    for (const file of designs) form.append('designFiles', file, file.name);
    if (proposal) form.set('proposal', proposal, proposal.name);
    setProgress(0);
    mutation.mutate(form, {
      onSuccess: (reply) => {
        toast.show({ variant: 'success', message: reply.message });
        navigate('/orders');
      },
    });
  };

  return (
    <Form noValidate onSubmit={submit} aria-labelledby="request-title">
      <FormErrorAlert error={mutation.error} />
      <fieldset className="mb-3">
        <legend className="fs-6">Platforms</legend>
        {PLATFORMS.map((platform) => (
          <Form.Check
            inline
            key={platform}
            id={`request-${platform}`}
            label={platform}
            checked={platforms[platform]}
            onChange={(e) => setPlatforms((current) => ({ ...current, [platform]: e.target.checked }))}
          />
        ))}
      </fieldset>
      <Form.Group className="mb-3" controlId="request-name">
        <Form.Label>Project name</Form.Label>
        <Form.Control value={name} onChange={(e) => setName(e.target.value)} maxLength={100} required />
      </Form.Group>
      <Form.Group className="mb-3" controlId="request-proposal">
        <Form.Label>Proposal file</Form.Label>
        <Form.Control
          type="file"
          accept=".pdf,.doc,.docx,.odt,application/pdf"
          onChange={(e) => setProposal((e.target as HTMLInputElement).files?.[0] ?? null)}
        />
        <Form.Text muted>PDF, DOC, DOCX or ODT, up to 20 MB.</Form.Text>
      </Form.Group>
      <Form.Group className="mb-3" controlId="request-proposal-link">
        <Form.Label>Proposal link</Form.Label>
        <Form.Control
          type="url"
          placeholder="https://"
          value={proposalLink}
          onChange={(e) => setProposalLink(e.target.value)}
        />
      </Form.Group>
      <p className="small fw-semibold">Note: Proposal is required</p>
      <Form.Group className="mb-3" controlId="request-designs">
        <Form.Label>Design files</Form.Label>
        <Form.Control
          type="file"
          multiple
          accept="image/*,.pdf,.zip"
          onChange={(e) => setDesigns(Array.from((e.target as HTMLInputElement).files ?? []))}
        />
        <Form.Text muted>Images, PDF or ZIP; up to 10 files of 50 MB each.</Form.Text>
      </Form.Group>
      <Form.Group className="mb-3" controlId="request-designs-link">
        <Form.Label>Designs link</Form.Label>
        <Form.Control
          type="url"
          placeholder="https://"
          value={designsLink}
          onChange={(e) => setDesignsLink(e.target.value)}
        />
      </Form.Group>
      <div className="mb-3 d-flex align-items-center gap-3">
        <Button variant="outline-primary" onClick={() => setGallery(true)}>
          Select Designs For you
        </Button>
        <span className="small text-muted">
          {templates.length ? `${templates.length} template(s) chosen` : 'No template chosen'}
        </span>
      </div>
      {invalid && (
        <p className="text-danger" role="alert">
          {invalid}
        </p>
      )}
      {mutation.isPending && (
        <ProgressBar
          now={progress}
          label={`${progress.toFixed(2)}%`}
          className="mb-3"
          aria-label="Upload progress"
        />
      )}
      <SubmitButton pending={mutation.isPending} pendingLabel="Sending">
        Submit
      </SubmitButton>
      <DesignGalleryModal
        show={gallery}
        selected={templates}
        onChange={setTemplates}
        onClose={() => setGallery(false)}
      />
    </Form>
  );
}
