import { PORTAL_STRINGS, type PortalSettingsRequest } from '@app/contract';
import { Form } from 'react-bootstrap';
import type { UseFormReturn } from 'react-hook-form';
import { TextField } from '../../../components/text-field';

/**
 * The sign-in mail's sender name, subject and opening sentence. Empty keeps the portal's own words,
 * shown as placeholders from the one strings file ({portal} is the display name when the mail goes).
 */
export function PortalMailFields({
  form,
}: {
  form: Pick<UseFormReturn<PortalSettingsRequest>, 'register' | 'formState'>;
}) {
  const { errors } = form.formState;
  const introError = errors.mailIntro?.message;
  return (
    <fieldset className="mb-2">
      <legend className="h6">Sign-in mail</legend>
      <TextField
        controlId="portal-mail-sender"
        label="Sender name"
        hint="Empty: the mail comes under this site's own sender name."
        registration={form.register('mailSenderName')}
        error={errors.mailSenderName?.message}
      />
      <TextField
        controlId="portal-mail-subject"
        label="Subject"
        placeholder={PORTAL_STRINGS.mailSubject}
        registration={form.register('mailSubject')}
        error={errors.mailSubject?.message}
      />
      <Form.Group className="mb-3" controlId="portal-mail-intro">
        <Form.Label>Wording</Form.Label>
        <Form.Control
          as="textarea"
          rows={3}
          placeholder={PORTAL_STRINGS.mailIntro}
          {...form.register('mailIntro')}
          isInvalid={Boolean(introError)}
          aria-invalid={introError ? true : undefined}
          aria-describedby={
            introError ? 'portal-mail-intro-error portal-mail-intro-hint' : 'portal-mail-intro-hint'
          }
        />
        <Form.Text id="portal-mail-intro-hint" muted>
          The mail's opening sentence; the code, the sign-in link and how long they work always follow it.
        </Form.Text>
        <Form.Control.Feedback type="invalid" id="portal-mail-intro-error">
          {introError}
        </Form.Control.Feedback>
      </Form.Group>
    </fieldset>
  );
}
