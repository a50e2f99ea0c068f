import { PORTAL_LIMITS } from '@app/contract';
import { Table } from 'react-bootstrap';
import { Link } from 'react-router';
import { PORTAL_LINK_EXAMPLE } from '../content/portal-link-examples';
import { CodeBox } from './code-box';

/**
 * The Licensee portal section of the REST docs (decision 036): how an app sends its users to the
 * owner's portal, where they release a device or download a certificate without writing to support.
 */
export function LicenseePortalTab() {
  return (
    <article aria-labelledby="portal-doc-title">
      <h2 id="portal-doc-title" className="h3">
        Licensee portal
      </h2>
      <p>
        Your customers can help themselves: in the dashboard’s{' '}
        <Link to="/store/key-manager?tab=portal">Portal tab</Link>, switch on a portal under a handle of your
        own. The people your keys are issued to (the key’s customer email) sign in there with a one-time code
        by mail, or open one licence with its key, and see their licences, expiry and devices. Within what you
        allow they release a device (up to {PORTAL_LIMITS.releasesPer30DaysMax} per licence in 30 days, as you
        set) and download an offline certificate. Every action is in the key’s history and sends its webhook (
        <code>device.released</code>).
      </p>
      <h3 className="h5">Linking to it from your app</h3>
      <Table responsive bordered size="sm">
        <caption className="caption-top">Two forms of the portal’s address</caption>
        <thead>
          <tr>
            <th scope="col">Address</th>
            <th scope="col">What the user sees</th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <td>
              <code>/portal/&lt;handle&gt;?email=&lt;email&gt;</code>
            </td>
            <td>The sign-in form with their email filled in: one click asks for the code.</td>
          </tr>
          <tr>
            <td>
              <code>/portal/&lt;handle&gt;#key=&lt;licence key&gt;</code>
            </td>
            <td>
              The key form filled in: that one licence and its devices, not the user’s other licences. The key
              goes in the fragment (after <code>#</code>), which a browser never sends to a server, so it
              never reaches an access log; the page takes it off the address bar once read.
            </td>
          </tr>
        </tbody>
      </Table>
      <p>
        URL-encode both values. A good moment to offer the link is an activation refused for the limit: the
        user frees the old device and activates again, with nothing for you to do.
      </p>
      <CodeBox label="TypeScript: portal links" code={PORTAL_LINK_EXAMPLE} />
    </article>
  );
}
