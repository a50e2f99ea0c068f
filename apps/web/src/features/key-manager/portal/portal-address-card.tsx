import type { PortalSettings } from '@app/contract';
import { Card } from 'react-bootstrap';
import { CopyButton } from '../components/copy-button';

/**
 * The portal's address and the two links an app can open it with. The key goes in the fragment
 * (after #), which browsers never send to a server, so it stays out of every access log.
 */
export function PortalAddressCard({ settings }: { settings: PortalSettings }) {
  const links = [
    {
      label: 'With the email pre-filled',
      text: `${settings.url}?email=`,
      example: 'the customer’s email, URL-encoded',
    },
    {
      label: 'With the licence key pre-filled',
      text: `${settings.url}#key=`,
      example: 'the licence key, URL-encoded',
    },
  ];
  return (
    <Card as="section" aria-labelledby="km-portal-address-title" className="mb-4">
      <Card.Body>
        <h2 id="km-portal-address-title" className="h6">
          Portal address
        </h2>
        {!(settings.saved && settings.enabled) && (
          <p className="small text-muted">Switch the portal on and save to open it at this address.</p>
        )}
        <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
          <code className="text-break" data-testid="portal-url">
            {settings.url}
          </code>
          <CopyButton text={settings.url} label="Copy the portal's address" />
        </div>
        <p className="small mb-2">Link to it from your app so customers can help themselves:</p>
        <ul className="list-unstyled small mb-0">
          {links.map((link) => (
            <li key={link.label} className="mb-2">
              <span className="d-block text-muted">{link.label}</span>
              <span className="d-flex flex-wrap align-items-center gap-2">
                <code className="text-break">
                  {link.text}
                  <var>{link.example}</var>
                </code>
                <CopyButton text={link.text} label={`Copy the link ${link.label.toLowerCase()}`} />
              </span>
            </li>
          ))}
        </ul>
      </Card.Body>
    </Card>
  );
}
