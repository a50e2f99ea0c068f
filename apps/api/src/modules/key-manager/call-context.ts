/** Which licence key a call names: its key string (public REST) or its id (either side). */
export interface KeyRef {
  key?: string;
  id?: string;
}

/** Who is calling and from where: the key's owner, and the caller's address and user agent for key events. */
export interface CallContext {
  ownerId: string;
  ip: string | null;
  userAgent: string | null;
  /** Set when the caller's API key is restricted to one product (decision 032): other keys read as unknown. */
  productId?: string | null;
  /** The member who acted on the dashboard (decision 033), for the key's history; absent for an app's call. */
  actorName?: string | null;
  /** That member's user id, for the audit log (decision 037). */
  actorId?: string | null;
  /**
   * Set when the licensee acted in the licensee portal (decision 036): the key event records
   * `actor_kind` 'licensee' and `device.released` names them (`email` null for a key session).
   */
  licensee?: { email: string | null };
}
