import { spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { mayBeRunning, readEmbeddedOwner, recordEmbeddedOwner } from './embedded-owner.js';

const since = new Date().toISOString();
const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

describe('who may have the embedded database open', () => {
  it('a live process on this host may; one that has exited may not', () => {
    expect(mayBeRunning({ pid: process.ppid, host: hostname(), since })).toBe(true);
    const exited = spawnSync(process.execPath, ['-e', '']).pid;
    expect(mayBeRunning({ pid: exited, host: hostname(), since })).toBe(false);
  });

  it('a process on another host (a container sharing the volume) may: nothing here can tell', () => {
    expect(mayBeRunning({ pid: 1, host: `${hostname()}-elsewhere`, since })).toBe(true);
  });

  it('is recorded while open and removed when its owner releases it', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'embedded-owner-'));
    dirs.push(dataDir);
    const first = await recordEmbeddedOwner(dataDir);
    expect(first.previous).toBeNull();
    expect(await readEmbeddedOwner(dataDir)).toMatchObject({ pid: process.pid, host: hostname() });
    // This process again: its own earlier record is no other process.
    const again = await recordEmbeddedOwner(dataDir);
    expect(again.previous).toBeNull();
    await again.release();
    expect(await readEmbeddedOwner(dataDir)).toBeNull();
  });
});
