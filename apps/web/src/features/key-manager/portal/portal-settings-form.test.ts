import { type PortalSettings, ZPortalSettingsRequest } from '@app/contract';
import { describe, expect, it } from 'vitest';
import { PORTAL_FORM_FIELDS, portalFormField, portalFormValues } from './portal-settings-form';

const saved: PortalSettings = {
  enabled: true,
  handle: 'acme-tools',
  displayName: 'Acme Tools',
  supportEmail: 'help@acme.test',
  supportUrl: 'https://acme.test/help',
  purchaseUrl: '',
  allowRelease: true,
  releasesPer30Days: 3,
  allowCertificates: false,
  mailSenderName: '',
  mailSubject: '',
  mailIntro: '',
  hasLogo: true,
  url: 'https://app.test/portal/acme-tools',
  saved: true,
};

describe('portalFormValues', () => {
  it('keeps the request fields of the saved settings and drops what only the reply carries', () => {
    const values = portalFormValues(saved);
    expect(Object.keys(values).sort()).toEqual([...PORTAL_FORM_FIELDS].sort());
    expect(values).not.toHaveProperty('url');
    expect(values).not.toHaveProperty('hasLogo');
    // What the form starts from is a request the server takes as it is (strict: no unknown field).
    expect(ZPortalSettingsRequest.safeParse(values).success).toBe(true);
  });

  it('has an input for every field of the request, so none is sent stale or missing', () => {
    expect([...PORTAL_FORM_FIELDS].sort()).toEqual(Object.keys(ZPortalSettingsRequest.shape).sort());
  });
});

describe('portalFormField', () => {
  it("maps a refusal's field to the form's input, and nothing else", () => {
    expect(portalFormField('handle')).toBe('handle');
    expect(portalFormField('body.supportUrl')).toBe('supportUrl');
    expect(portalFormField('logo')).toBeUndefined();
    expect(portalFormField('url')).toBeUndefined();
  });
});
