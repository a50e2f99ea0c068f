import type { ChatSocketLimits } from '../limits.js';
import { TokenBucket } from './token-bucket.js';

interface AddressState {
  connections: number;
  frames: TokenBucket;
  forgetTimer: ReturnType<typeof setTimeout> | null;
}

/** Monotonic milliseconds: frame budgets measure real load, so they ignore the app's (test) clock. */
const monotonicNow = () => performance.now();

/**
 * Who may hold a chat socket on this instance, and how many frames a client address may send:
 * connection caps per IP and per identity (visitor session or user), and the per-IP frame budget.
 * Everything is in memory and per instance (docs/operations.md); answers are reasons to close with,
 * or null when allowed.
 */
export class SocketAdmission {
  private readonly addresses = new Map<string, AddressState>();
  private readonly identities = new Map<string, number>();

  constructor(
    private readonly limits: ChatSocketLimits,
    private readonly now: () => number = monotonicNow,
  ) {}

  /**
   * Checked before the WebSocket upgrade, so a refused client costs one small HTTP reply rather than a
   * handshake and a close: why a new socket from `ip` would be refused now, or null.
   */
  refusal(ip: string): string | null {
    const state = this.addresses.get(ip);
    if (!state) return null;
    if (state.connections >= this.limits.connectionsPerIp) {
      return 'Too many chat connections from your address';
    }
    // Not worth a handshake unless the address can still afford the socket's `auth` frame.
    if (!state.frames.available(this.now(), this.limits.databaseFrameCost)) {
      return 'Too many frames from your address';
    }
    return null;
  }

  /** A new socket from `ip`; refused when the address already holds its share. */
  open(ip: string): string | null {
    const state = this.address(ip);
    if (state.connections >= this.limits.connectionsPerIp) {
      return 'Too many chat connections from your address';
    }
    state.connections += 1;
    if (state.forgetTimer) clearTimeout(state.forgetTimer);
    state.forgetTimer = null;
    return null;
  }

  /** The socket from `ip` closed (only for sockets `open` accepted). */
  close(ip: string): void {
    const state = this.addresses.get(ip);
    if (!state) return;
    state.connections -= 1;
    if (state.connections > 0) return;
    // Keep the spent budget until it has refilled, so reconnecting does not reset it.
    state.forgetTimer = setTimeout(() => {
      if (this.addresses.get(ip) === state && state.connections === 0) this.addresses.delete(ip);
    }, state.frames.msUntilFull(this.now()));
    state.forgetTimer.unref();
  }

  /** A frame from `ip` costing `cost`; false once the address has spent its budget. */
  takeFrame(ip: string, cost = 1): boolean {
    return this.address(ip).frames.take(this.now(), cost);
  }

  /** A socket authenticated as `identity` (e.g. `session:…`, `user:…`); refused over `cap`. */
  claim(identity: string, cap: number): boolean {
    const count = this.identities.get(identity) ?? 0;
    if (count >= cap) return false;
    this.identities.set(identity, count + 1);
    return true;
  }

  /** The socket of a successful `claim` closed. */
  release(identity: string): void {
    const count = (this.identities.get(identity) ?? 1) - 1;
    if (count <= 0) this.identities.delete(identity);
    else this.identities.set(identity, count);
  }

  /** A per-socket budget with this instance's limits. */
  socketBudget(): TokenBucket {
    return new TokenBucket(this.limits.socketFrameBurst, this.limits.socketFramesPerSecond, this.now());
  }

  takeSocketFrame(budget: TokenBucket, cost = 1): boolean {
    return budget.take(this.now(), cost);
  }

  private address(ip: string): AddressState {
    let state = this.addresses.get(ip);
    if (!state) {
      const frames = new TokenBucket(this.limits.ipFrameBurst, this.limits.ipFramesPerSecond, this.now());
      state = { connections: 0, frames, forgetTimer: null };
      this.addresses.set(ip, state);
    }
    return state;
  }
}
