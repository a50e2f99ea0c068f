interface PendingWrite {
  write: () => Promise<void>;
  again: boolean;
}

/**
 * Read receipts without database work per frame. The hub notes the newest message id of each room
 * that has sockets here (from the bus events it delivers anyway); a socket's `read` only counts when
 * that id moved past the one it last acknowledged. Counted receipts are then coalesced per reader
 * and room: the first is written at once, any further ones within `everyMs` become one trailing write.
 */
export class ReadReceipts {
  private readonly newestByRoom = new Map<string, number>();
  private readonly pending = new Map<string, PendingWrite>();
  private stopped = false;

  constructor(
    private readonly everyMs: number,
    private readonly onError: (error: unknown) => void,
  ) {}

  /** A message of `room` went out on the bus (only rooms with local sockets are tracked). */
  noteMessage(room: string, messageId: number): void {
    if (messageId > (this.newestByRoom.get(room) ?? 0)) this.newestByRoom.set(room, messageId);
  }

  /** The newest message id known for `room`, 0 when none arrived since its first socket joined. */
  newest(room: string): number {
    return this.newestByRoom.get(room) ?? 0;
  }

  /** The last socket left `room` on this instance. */
  forgetRoom(room: string): void {
    this.newestByRoom.delete(room);
  }

  /** Writes `reader`'s receipt (the key says whose, in which room), at most once per window. */
  record(key: string, write: () => Promise<void>): void {
    if (this.stopped) return;
    const queued = this.pending.get(key);
    if (queued) {
      queued.write = write;
      queued.again = true;
      return;
    }
    const entry: PendingWrite = { write, again: false };
    this.pending.set(key, entry);
    void this.drain(key, entry);
  }

  /** No more writes (the app is closing and the database with it). */
  stop(): void {
    this.stopped = true;
  }

  private async drain(key: string, entry: PendingWrite): Promise<void> {
    try {
      do {
        entry.again = false;
        if (this.stopped) return;
        await entry.write().catch(this.onError);
        await new Promise<void>((resolve) => setTimeout(resolve, this.everyMs).unref());
      } while (entry.again);
    } finally {
      this.pending.delete(key);
    }
  }
}
