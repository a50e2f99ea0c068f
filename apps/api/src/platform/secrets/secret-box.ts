import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const VERSION = 'v1';

/**
 * Encrypts secrets the server must read back at rest (AES-256-GCM), for any feature: webhook signing
 * secrets (unlike API keys they cannot be hashed: the server needs the secret itself to sign each
 * delivery) and offline-licence signing keys. The key is derived (HKDF-SHA256) from the key material
 * the feature is given (for webhooks WEBHOOK_SECRET_KEY, or the JWT secret when that is unset); the
 * owner's id is bound in as associated data, so a ciphertext copied onto another row does not
 * decrypt. Changing the key material makes stored secrets unreadable.
 */
export class SecretBox {
  private readonly key: Buffer;

  /**
   * `purpose` (HKDF salt and info) keeps keys for different uses apart. The default is the webhooks'
   * (the first use), kept as it is because changing it would make stored secrets unreadable.
   */
  constructor(
    keyMaterial: string,
    purpose = { salt: 'northwind-webhooks', info: 'webhook signing secret v1' },
  ) {
    this.key = Buffer.from(hkdfSync('sha256', keyMaterial, purpose.salt, purpose.info, 32));
  }

  seal(plaintext: string, boundTo: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    cipher.setAAD(Buffer.from(boundTo));
    const sealed = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return [VERSION, iv, cipher.getAuthTag(), sealed]
      .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
      .join('.');
  }

  /** Throws when the value was sealed with other key material or for another id. */
  open(stored: string, boundTo: string): string {
    const [version, iv, tag, sealed] = stored.split('.');
    if (version !== VERSION || !iv || !tag || sealed === undefined) throw new Error('unknown secret format');
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(boundTo));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(sealed, 'base64url')), decipher.final()]).toString(
      'utf8',
    );
  }
}
