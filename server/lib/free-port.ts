// Free local ports for the suites' servers and emulators, so a run never collides with another run or
// anything else listening on the machine (fixed ports such as 9299 or 3100 did).
import { createServer } from 'node:net';

function listenable(port: number, host: string): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen({ port, host, exclusive: true }, () => server.close(() => resolve(true)));
  });
}

/**
 * A port on `host` the system calls free, with the `span - 1` ports after it free too (the Firebase
 * emulator takes its hub and logging ports right after its own, server/demo/emulator.ts).
 */
export async function freePort(span = 1, host = '127.0.0.1'): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const port = await new Promise<number>((resolve, reject) => {
      const server = createServer();
      server.once('error', reject);
      server.listen({ port: 0, host }, () => {
        const address = server.address();
        server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
      });
    });
    if (port === 0 || port + span - 1 > 65_535) continue;
    let rest = true;
    for (let p = port + 1; p < port + span && rest; p++) rest = await listenable(p, host);
    if (rest) return port;
  }
  throw new Error(`no ${span} consecutive free ports found on ${host}`);
}

/** `host:port` for a Firebase Auth Emulator of its own (its port and the two after it free). */
export async function freeEmulatorHost(host = '127.0.0.1'): Promise<string> {
  return `${host}:${await freePort(3, host)}`;
}
