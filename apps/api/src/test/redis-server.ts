import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { closedPort } from './ports.js';

/**
 * A redis-server of the test's own, on a free port, without persistence, that the test can crash
 * (`kill`), freeze (`pause`/`resume`: the socket stays open but nothing answers) and start again on
 * the same port. Never the shared Redis at 6379. Needs Debian's redis-server (.ci/run installs it).
 */
export class RedisServerProcess {
  private child: ChildProcess | undefined;

  private constructor(readonly port: number) {}

  static async start(): Promise<RedisServerProcess> {
    const server = new RedisServerProcess(await closedPort());
    await server.restart();
    return server;
  }

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  /** Starts redis-server (again) on the same port and waits until it accepts connections. */
  async restart(): Promise<void> {
    if (this.child) throw new Error('redis-server is already running');
    const child = spawn(
      'redis-server',
      ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    this.child = child;
    let output = '';
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`redis-server did not start:\n${output}`)), 10_000);
      child.on('error', (error) => {
        clearTimeout(timer);
        reject(new Error(`cannot run redis-server (apt-get install redis-server): ${error.message}`));
      });
      child.on('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`redis-server exited with ${code}:\n${output}`));
      });
      child.stdout?.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('Ready to accept connections')) {
          clearTimeout(timer);
          resolve();
        }
      });
    });
    child.removeAllListeners('exit');
  }

  /** Crashes it (SIGKILL): connections drop at once, as when the Redis host dies. */
  async kill(): Promise<void> {
    const child = this.child;
    if (!child) return;
    this.child = undefined;
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGCONT');
    child.kill('SIGKILL');
    await once(child, 'exit');
  }

  /** Freezes it (SIGSTOP): the connection stays open and commands get no answer. */
  pause(): void {
    this.child?.kill('SIGSTOP');
  }

  resume(): void {
    this.child?.kill('SIGCONT');
  }
}
