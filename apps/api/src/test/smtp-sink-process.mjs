// A real SMTP server in its own process, for tests that stop, hang or restart the mail server.
// Usage: node smtp-sink-process.mjs <port> <accept|hang>. Prints "listening" once ready, then one
// JSON line per received message: {"to": [...], "subject": "...", "raw": "..."}.
import net from 'node:net';
import { SMTPServer } from 'smtp-server';

const port = Number(process.argv[2]);
const mode = process.argv[3] ?? 'accept';

if (mode === 'hang') {
  // Accepts connections and never greets: what a wedged mail server looks like to a client.
  const sockets = new Set();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => {});
  });
  server.listen(port, '127.0.0.1', () => console.log('listening'));
} else {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks = [];
      stream.on('data', (chunk) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const subject = /^Subject: (.*)$/im.exec(raw)?.[1]?.trim() ?? '';
        const to = session.envelope.rcptTo.map((rcpt) => rcpt.address);
        console.log(JSON.stringify({ to, subject, raw }));
        callback();
      });
    },
  });
  server.on('error', (error) => console.error(String(error)));
  server.listen(port, '127.0.0.1', () => console.log('listening'));
}
