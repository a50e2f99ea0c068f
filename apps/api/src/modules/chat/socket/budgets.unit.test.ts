import { describe, expect, it } from 'vitest';
import { DEFAULT_CHAT_SOCKET_LIMITS } from '../limits.js';
import { SocketAdmission } from './admission.js';
import { PresenceThrottle } from './presence-throttle.js';
import { ReadReceipts } from './read-receipts.js';
import { TokenBucket } from './token-bucket.js';

describe('TokenBucket', () => {
  it('allows the burst, then refills at its rate and never above the burst', () => {
    const bucket = new TokenBucket(3, 2, 0);
    expect([bucket.take(0), bucket.take(0), bucket.take(0), bucket.take(0)]).toEqual([
      true,
      true,
      true,
      false,
    ]);
    expect(bucket.msUntilFull(0)).toBe(1500);
    expect(bucket.take(499)).toBe(false);
    expect(bucket.take(500)).toBe(true);
    expect(bucket.msUntilFull(10_000)).toBe(0);
    expect([bucket.take(10_000), bucket.take(10_000), bucket.take(10_000), bucket.take(10_000)]).toEqual([
      true,
      true,
      true,
      false,
    ]);
  });
});

describe('SocketAdmission', () => {
  it('caps sockets per address and per identity, and keeps a spent address budget across reconnects', () => {
    let now = 0;
    const limits = {
      ...DEFAULT_CHAT_SOCKET_LIMITS,
      connectionsPerIp: 2,
      ipFrameBurst: 3,
      ipFramesPerSecond: 1,
      databaseFrameCost: 2,
    };
    const admission = new SocketAdmission(limits, () => now);
    expect(admission.refusal('a')).toBeNull();
    expect([admission.open('a'), admission.open('a')]).toEqual([null, null]);
    expect(admission.refusal('a')).toBe('Too many chat connections from your address');
    expect(admission.open('a')).toBe('Too many chat connections from your address');
    expect(admission.open('b')).toBeNull();
    expect([admission.takeFrame('a', 2), admission.takeFrame('a', 2), admission.takeFrame('a')]).toEqual([
      true,
      false,
      true,
    ]);
    admission.close('a');
    admission.close('a');
    expect(admission.refusal('a')).toBe('Too many frames from your address');
    expect(admission.open('a')).toBeNull();
    expect(admission.takeFrame('a')).toBe(false);
    now = 1000;
    // One token back, but an upgrade needs enough for its `auth` frame (databaseFrameCost).
    expect(admission.refusal('a')).toBe('Too many frames from your address');
    now = 2000;
    expect(admission.refusal('a')).toBeNull();
    expect(admission.takeFrame('a')).toBe(true);

    expect([admission.claim('session:1', 2), admission.claim('session:1', 2)]).toEqual([true, true]);
    expect(admission.claim('session:1', 2)).toBe(false);
    admission.release('session:1');
    expect(admission.claim('session:1', 2)).toBe(true);
  });
});

describe('ReadReceipts', () => {
  it('writes the first receipt at once and folds the rest of the window into one trailing write', async () => {
    const writes: string[] = [];
    const receipts = new ReadReceipts(30, (error) => {
      throw error;
    });
    const record = (label: string) =>
      receipts.record('cs:1|visitor', async () => {
        writes.push(label);
      });
    record('first');
    record('second');
    record('third');
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(writes).toEqual(['first']);
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(writes).toEqual(['first', 'third']);

    receipts.noteMessage('cs:1', 7);
    receipts.noteMessage('cs:1', 5);
    expect(receipts.newest('cs:1')).toBe(7);
    receipts.forgetRoom('cs:1');
    expect(receipts.newest('cs:1')).toBe(0);
    receipts.stop();
    record('after stop');
    await new Promise((resolve) => setTimeout(resolve, 40));
    expect(writes).toEqual(['first', 'third']);
  });
});

describe('PresenceThrottle', () => {
  it('lets one write per reader and room through per window', () => {
    const presence = new PresenceThrottle(20_000);
    expect(presence.due('cs:1|visitor', 0)).toBe(true);
    expect(presence.due('cs:1|visitor', 19_999)).toBe(false);
    expect(presence.due('cs:2|visitor', 19_999)).toBe(true);
    expect(presence.due('cs:1|visitor', 20_000)).toBe(true);
  });
});
