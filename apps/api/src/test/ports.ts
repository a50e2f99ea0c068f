import { once } from 'node:events';
import { createServer } from 'node:net';

/** A port nothing listens on: bound by the OS, then released (connections to it are refused). */
export async function closedPort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  server.close();
  await once(server, 'close');
  return port;
}
