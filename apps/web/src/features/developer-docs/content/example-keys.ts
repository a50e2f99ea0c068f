/**
 * The examples (../examples, sdks/java/examples) are real files with placeholders where the reader's
 * keys go. Signed in, the docs pages put the reader's own keys there (components/example-keys.tsx);
 * signed out, the placeholders stay, plainly not keys.
 */

/** Where a publishable key goes: the key type's prefix and an ellipsis (401 "Invalid API key" as it is). */
export const PUBLISHABLE_KEY_PLACEHOLDER = 'km_pub_…';
/** Where the licence public keys go (Key Manager → Offline licences). */
export const PUBLIC_KEY_PLACEHOLDER = 'YOUR_PUBLIC_KEY';

export interface ExampleKeys {
  /** A full publishable key: only one created on the docs page, since stored keys are hashed. */
  publishableKey: string | null;
  /** The account's public keys (base64 DER, which both libraries read), current first. */
  publicKeys: readonly string[] | null;
}

export const NO_EXAMPLE_KEYS: ExampleKeys = { publishableKey: null, publicKeys: null };

const quotedPublishable = /(['"])km_pub_…\1/g;
const bearerPublishable = /Bearer km_pub_…/g;
const quotedPublicKey = /(['"])YOUR_PUBLIC_KEY\1/g;

/**
 * The example with the reader's keys in place of the placeholders. Only the placeholders in code (a
 * quoted string, an Authorization header) are replaced; prose such as "a publishable key (km_pub_…)"
 * stays as written.
 */
export function fillInKeys(code: string, keys: ExampleKeys): string {
  let filled = code;
  const { publishableKey, publicKeys } = keys;
  if (publishableKey) {
    filled = filled
      .replace(quotedPublishable, (_match, quote: string) => `${quote}${publishableKey}${quote}`)
      .replace(bearerPublishable, () => `Bearer ${publishableKey}`);
  }
  if (publicKeys && publicKeys.length > 0) {
    filled = filled.replace(quotedPublicKey, (_match, quote: string) =>
      publicKeys.map((key) => `${quote}${key}${quote}`).join(', '),
    );
  }
  return filled;
}
