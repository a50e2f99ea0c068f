import { type KeyObject, sign } from 'node:crypto';
import { NONCE_PATTERN, SIGNED_REPLY_HEADERS, signedReplyMessage } from '@app/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Clock } from '../../../platform/clock.js';
import { badRequest } from '../../../platform/http/errors.js';
import { apiCaller } from '../api-key-guard.js';
import type { SigningKeys } from '../licences/signing-keys.js';

export const NONCE_MESSAGE = `${SIGNED_REPLY_HEADERS.nonce} must be 16 to 128 letters, digits, - or _`;
/** How long an owner's current signer is reused: a rotation signs replies with the new key after this. */
const SIGNER_TTL_MS = 10_000;
const SIGNERS_MAX = 10_000;

/**
 * Signed online replies (decision 032): when a request carries a nonce, its reply is signed with the
 * owner's current licence signing key over the version, the signing time, the nonce, the request's
 * path and the body exactly as sent, so an app can tell the server's answer from a fake local
 * server's, and a recorded answer from a fresh one. The handler hands its reply to `reply()`: without
 * a nonce it is returned untouched (the hot unsigned path pays one header lookup, no hook); with one,
 * it is serialised by the route's own serialiser, signed, and sent as that exact text.
 */
export class SignedReplies {
  private readonly signers = new Map<string, { id: string; privateKey: KeyObject; until: number }>();

  constructor(
    private readonly signingKeys: SigningKeys,
    private readonly clock: Clock,
  ) {}

  /**
   * The request's nonce, or undefined without one; a malformed one is a 400. Handlers call it first,
   * so a bad nonce is refused before the call does anything (validate-key's heartbeat included).
   */
  nonceOf(request: FastifyRequest): string | undefined {
    const nonce = request.headers[SIGNED_REPLY_HEADERS.nonce];
    if (nonce === undefined) return undefined;
    if (typeof nonce !== 'string' || !NONCE_PATTERN.test(nonce)) {
      throw badRequest(NONCE_MESSAGE, SIGNED_REPLY_HEADERS.nonce);
    }
    return nonce;
  }

  /** The payload itself without a nonce (no promise on the unsigned path), else the signed reply sent. */
  reply<T>(request: FastifyRequest, reply: FastifyReply, payload: T): T | Promise<FastifyReply> {
    const nonce = this.nonceOf(request);
    if (nonce === undefined) return payload;
    return this.signed(request, reply, payload, nonce);
  }

  private async signed<T>(request: FastifyRequest, reply: FastifyReply, payload: T, nonce: string) {
    const signer = await this.signerOf(apiCaller(request).ownerId);
    // The route's compiled serialiser writes JSON text.
    const body = String(reply.serialize(payload));
    const signedAt = this.clock.now().toISOString();
    const path = request.url.split('?')[0] ?? request.url;
    const message = Buffer.from(signedReplyMessage(signedAt, nonce, path, body), 'utf8');
    return reply
      .header(SIGNED_REPLY_HEADERS.signature, sign(null, message, signer.privateKey).toString('base64url'))
      .header(SIGNED_REPLY_HEADERS.signingKeyId, signer.id)
      .header(SIGNED_REPLY_HEADERS.signedAt, signedAt)
      .type('application/json; charset=utf-8')
      .send(body);
  }

  private async signerOf(ownerId: string) {
    const now = Date.now();
    const known = this.signers.get(ownerId);
    if (known && known.until > now) return known;
    const signer = await this.signingKeys.currentSigner(ownerId);
    if (this.signers.size >= SIGNERS_MAX) this.signers.clear();
    const entry = { ...signer, until: now + SIGNER_TTL_MS };
    this.signers.set(ownerId, entry);
    return entry;
  }
}
