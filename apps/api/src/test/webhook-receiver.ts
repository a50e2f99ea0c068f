import { once } from 'node:events';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedWebhook {
  path: string;
  headers: IncomingHttpHeaders;
  /** The raw body, exactly as it arrived (what a signature covers). */
  body: string;
}

/**
 * A real HTTP server standing in for a developer's webhook endpoints (one per path). Each path
 * answers with its next scripted status (then 200), or nothing answers at all in `hang` mode.
 */
export class WebhookReceiver {
  readonly received: ReceivedWebhook[] = [];
  private readonly scripts = new Map<string, number[]>();
  private hanging = false;
  private readonly server: Server;

  constructor() {
    this.server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        this.received.push({
          path: request.url ?? '/',
          headers: request.headers,
          body: Buffer.concat(chunks).toString('utf8'),
        });
        if (this.hanging) return;
        const status = this.scripts.get(request.url ?? '/')?.shift() ?? 200;
        response.writeHead(status, { 'content-type': 'text/plain' });
        response.end(status < 300 ? 'thanks' : `failure ${status}`);
      });
    });
  }

  async start(): Promise<this> {
    this.server.listen(0, '127.0.0.1');
    await once(this.server, 'listening');
    return this;
  }

  get port(): number {
    return (this.server.address() as AddressInfo).port;
  }

  url(path = '/hook'): string {
    return `http://127.0.0.1:${this.port}${path}`;
  }

  /** The next POSTs to `path` get these statuses, in order; after them, 200 again. */
  answer(path: string, ...statuses: number[]): void {
    this.scripts.set(path, [...(this.scripts.get(path) ?? []), ...statuses]);
  }

  hang(on = true): void {
    this.hanging = on;
  }

  at(path: string): ReceivedWebhook[] {
    return this.received.filter((entry) => entry.path === path);
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    this.server.close();
    await once(this.server, 'close');
  }
}
