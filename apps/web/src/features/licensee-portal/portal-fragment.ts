/**
 * What the portal's address carries in from elsewhere (contract `PORTAL_LINKS`): an app's link may
 * pre-fill the email (`?email=`, harmless in a server log) or the licence key (`#key=`, a fragment,
 * which browsers never send to a server); the mailed sign-in link carries its attempt and code in the
 * fragment for the same reason.
 */
export type PortalFragment =
  | { kind: 'key'; key: string }
  | { kind: 'link'; attemptId: string; code: string }
  | { kind: 'none' };

/**
 * Reads `#key=…` or `#attempt=…&code=…`. Values are percent-decoded by hand rather than with
 * URLSearchParams, which would turn a `+` a developer left unencoded in a key into a space.
 */
export function parsePortalFragment(hash: string): PortalFragment {
  const values = new Map<string, string>();
  for (const part of hash.replace(/^#/, '').split('&')) {
    const at = part.indexOf('=');
    if (at <= 0) continue;
    const value = decodeOrNull(part.slice(at + 1));
    if (value?.trim()) values.set(part.slice(0, at), value.trim());
  }
  const attemptId = values.get('attempt');
  const code = values.get('code');
  if (attemptId && code) return { kind: 'link', attemptId, code };
  const key = values.get('key');
  if (key) return { kind: 'key', key };
  return { kind: 'none' };
}

function decodeOrNull(text: string): string | null {
  try {
    return decodeURIComponent(text);
  } catch {
    return null;
  }
}

/** The email an app's link pre-fills (`?email=`), or ''. */
export function portalEmailParam(search: string): string {
  return new URLSearchParams(search).get('email')?.trim() ?? '';
}
