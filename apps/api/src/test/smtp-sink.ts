import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

export interface ReceivedMail {
  to: string[];
  subject: string;
  raw: string;
}

const SCRIPT = fileURLToPath(new URL('./smtp-sink-process.mjs', import.meta.url));

/**
 * A real SMTP server process on `port` that the test can stop and start again; every message it
 * accepts across restarts is collected in `received`.
 */
export class SmtpSink {
  readonly received: ReceivedMail[] = [];
  private child: ChildProcess | undefined;

  constructor(readonly port: number) {}

  get url(): string {
    return `smtp://127.0.0.1:${this.port}`;
  }

  async start(mode: 'accept' | 'hang' = 'accept'): Promise<void> {
    const child = spawn(process.execPath, [SCRIPT, String(this.port), mode], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    this.child = child;
    const lines = createInterface({ input: child.stdout! });
    await new Promise<void>((resolve, reject) => {
      child.once('exit', (code) => reject(new Error(`smtp sink exited with ${code}`)));
      lines.on('line', (line) => {
        if (line === 'listening') return resolve();
        try {
          this.received.push(JSON.parse(line) as ReceivedMail);
        } catch {
          // not a message line
        }
      });
    });
  }

  async stop(): Promise<void> {
    const child = this.child;
    this.child = undefined;
    if (!child || child.exitCode !== null) return;
    child.kill('SIGKILL');
    await once(child, 'exit');
  }

  to(address: string): ReceivedMail[] {
    return this.received.filter((mail) => mail.to.includes(address));
  }
}
