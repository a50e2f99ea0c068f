import { KEY_MANAGER_ERRORS } from '@app/contract';
import { EXAMPLE_ORIGIN } from '../components/code-box';

/**
 * How an app links its users to the owner's licensee portal (decision 036). Written against the
 * example server address, which the docs page swaps for this site's.
 */
export const PORTAL_LINK_EXAMPLE = `// Key Manager → Portal → Portal address
const PORTAL = '${EXAMPLE_ORIGIN}/portal/your-handle';

/** The portal with the user's email filled in: they ask for a code and see all their licences. */
export function portalForEmail(email: string): string {
  return \`\${PORTAL}?email=\${encodeURIComponent(email)}\`;
}

/**
 * The portal with this licence's key filled in. The key goes after #: browsers never send the
 * fragment to a server, so it stays out of access logs, proxies and analytics.
 */
export function portalForKey(licenceKey: string): string {
  return \`\${PORTAL}#key=\${encodeURIComponent(licenceKey)}\`;
}

// When activate-key answers 409 ${KEY_MANAGER_ERRORS.activationLimit.code} (a new laptop, a
// reinstall), offer the way out instead of a dead end:
//   "All your devices are in use. Free one in the licence portal:" + a link to portalForKey(key)
`;
