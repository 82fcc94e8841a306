import { createServer } from 'node:net';

/**
 * Ports are drawn from below the system's range of ephemeral ports (Linux: 32768–60999), where the OS picks
 * the local port of every outgoing connection and of `listen(0)`: a port found free there could be taken by
 * a connection before the server that was to use it started (a build can take 30 s in between).
 */
const LOW = 20_000;
const HIGH = 32_000;

function listensOn(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/** Handed out by this process: free until its server starts, so a second call could draw it again. */
const handedOut = new Set<number>();

/** A port free on 127.0.0.1 right now, and not handed out before, for a server whose address must be known before it starts. */
export async function freePort(): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const port = LOW + Math.floor(Math.random() * (HIGH - LOW));
    if (handedOut.has(port) || !(await listensOn(port))) continue;
    handedOut.add(port);
    return port;
  }
  throw new Error(`No free port found between ${LOW} and ${HIGH}.`);
}
