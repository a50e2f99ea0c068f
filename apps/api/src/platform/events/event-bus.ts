/**
 * Fan-out of small JSON events between API instances (chat messages, typing, read state).
 * Handlers on every instance — including the publisher's — receive each published event once.
 * Payloads stay small (ids, not bodies): PostgreSQL NOTIFY carries at most 8000 bytes.
 */
export type EventHandler = (data: unknown) => void;

export interface EventBus {
  publish(topic: string, data: unknown): Promise<void>;
  /** Returns the unsubscribe function. */
  subscribe(topic: string, handler: EventHandler): () => void;
  /** Resolves once events published from now on will be received (the LISTEN is in place). */
  ready(): Promise<void>;
  close(): Promise<void>;
}

/** Largest serialised event we publish; NOTIFY refuses payloads of 8000 bytes or more. */
export const MAX_EVENT_BYTES = 7900;

/** Handler registry shared by both implementations. */
export class TopicHandlers {
  private readonly handlers = new Map<string, Set<EventHandler>>();

  constructor(private readonly onHandlerError: (error: unknown) => void) {}

  add(topic: string, handler: EventHandler): () => void {
    const set = this.handlers.get(topic) ?? new Set<EventHandler>();
    set.add(handler);
    this.handlers.set(topic, set);
    return () => {
      set.delete(handler);
      if (set.size === 0) this.handlers.delete(topic);
    };
  }

  deliver(topic: string, data: unknown): void {
    for (const handler of this.handlers.get(topic) ?? []) {
      // One failing subscriber must not stop the others or the publisher.
      try {
        handler(data);
      } catch (error) {
        this.onHandlerError(error);
      }
    }
  }
}

/** `origin`: the publishing instance, so it can skip its own event when NOTIFY echoes it back. */
export function encodeEvent(topic: string, data: unknown, origin?: string): string {
  const text = JSON.stringify(origin === undefined ? { topic, data } : { topic, data, origin });
  if (Buffer.byteLength(text) > MAX_EVENT_BYTES) throw new Error(`event on "${topic}" is too large`);
  return text;
}

export function decodeEvent(text: string): { topic: string; data: unknown; origin?: string } | null {
  try {
    const parsed: unknown = JSON.parse(text);
    if (
      typeof parsed === 'object' &&
      parsed !== null &&
      'topic' in parsed &&
      typeof parsed.topic === 'string'
    ) {
      const { data, origin } = parsed as { data?: unknown; origin?: unknown };
      return typeof origin === 'string'
        ? { topic: parsed.topic, data, origin }
        : { topic: parsed.topic, data };
    }
  } catch {
    // Not ours: ignore foreign payloads on the channel.
  }
  return null;
}
