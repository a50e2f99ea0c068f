import { PORTAL_LINKS } from '@app/contract';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { LicenseePortalTab } from './components/licensee-portal-tab';
import { PORTAL_LINK_EXAMPLE } from './content/portal-link-examples';

describe('licensee portal docs', () => {
  it('shows both link forms, the key in the fragment, and leads to the dashboard’s Portal tab', () => {
    render(
      <MemoryRouter>
        <LicenseePortalTab />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { name: 'Licensee portal', level: 2 })).toBeTruthy();
    expect(screen.getByText('/portal/<handle>?email=<email>')).toBeTruthy();
    expect(screen.getByText('/portal/<handle>#key=<licence key>')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Portal tab' }).getAttribute('href')).toBe(
      '/store/key-manager?tab=portal',
    );
  });

  it('builds the links the way the portal reads them (contract PORTAL_LINKS)', () => {
    expect(PORTAL_LINKS.withEmail('h', 'a@b.c')).toBe('/portal/h?email=a%40b.c');
    expect(PORTAL_LINK_EXAMPLE).toMatch(/\?email=\$\{encodeURIComponent\(email\)\}/);
    expect(PORTAL_LINKS.withKey('h', 'K')).toBe('/portal/h#key=K');
    expect(PORTAL_LINK_EXAMPLE).toMatch(/#key=\$\{encodeURIComponent\(licenceKey\)\}/);
    expect(PORTAL_LINK_EXAMPLE).toContain('activation_limit_reached');
  });
});
