/**
 * The ports the local stack and the tests' project copies are given (supabase/local/free-port.ts) lie
 * below the system's ephemeral range, where outgoing connections take their local ports: a port found
 * free in that range was once taken by a connection during a 25 s build, and the stack could not start.
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { describe, expect, it, vi } from 'vitest';
import { freePort } from '../../supabase/local/free-port';

const ephemeral = (() => {
  try {
    return readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/).map(Number) as [number, number];
  } catch {
    return [32768, 60999] as [number, number];
  }
})();

describe('free ports', () => {
  it('are outside the ephemeral range, and a server can listen on each', async () => {
    for (let i = 0; i < 20; i++) {
      const port = await freePort();
      expect(port < ephemeral[0] || port > ephemeral[1], `${port} in ${ephemeral.join('–')}`).toBe(true);
      const server = createServer();
      await new Promise<void>((resolve, reject) => server.once('error', reject).listen(port, '127.0.0.1', resolve));
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('are never handed out twice by one process, though each is free until its server starts', async () => {
    // Every draw lands on the same two ports: the second call must not return the first's.
    const draws = [0.5, 0.5, 0.5, 0.75];
    vi.spyOn(Math, 'random').mockImplementation(() => draws.shift() ?? 0.25);
    const first = await freePort();
    const second = await freePort();
    expect(second).not.toBe(first);
  });
});
