import type { PortalSettings, PortalSettingsRequest } from '@app/contract';

/** The inputs of the settings form: exactly the request's fields (ZPortalSettingsRequest). */
export const PORTAL_FORM_FIELDS = [
  'enabled',
  'handle',
  'displayName',
  'supportEmail',
  'supportUrl',
  'purchaseUrl',
  'allowRelease',
  'releasesPer30Days',
  'allowCertificates',
  'mailSenderName',
  'mailSubject',
  'mailIntro',
] as const satisfies readonly (keyof PortalSettingsRequest)[];

type FormField = (typeof PORTAL_FORM_FIELDS)[number];

/** What the form starts from: the saved settings without what only the reply carries (url, logo, saved). */
export function portalFormValues(settings: PortalSettings): PortalSettingsRequest {
  return Object.fromEntries(
    PORTAL_FORM_FIELDS.map((field) => [field, settings[field]]),
  ) as PortalSettingsRequest;
}

/** The form's input a server refusal names ("handle", or "body.handle" from validation), if it has one. */
export function portalFormField(apiField: string): FormField | undefined {
  const name = apiField.replace(/^body\./, '');
  return (PORTAL_FORM_FIELDS as readonly string[]).includes(name) ? (name as FormField) : undefined;
}
