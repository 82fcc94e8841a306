/**
 * No single request can stop the local stack: malformed targets and percent-encodings, sent raw (as
 * curl --path-as-is or a scanner would) to the API and the inbox, get 4xx JSON and everything keeps
 * answering.
 */
import { mkdirSync, mkdtempSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startLocalStack, type LocalStack } from '../../supabase/local/stack';

const scratch = join(import.meta.dirname, '..', '..', 'test-results', 'scratch');

/** Sends one raw HTTP/1.1 request line and returns the status code (0 if the connection just dropped). */
function raw(port: number, target: string, headers: Record<string, string> = {}): Promise<number> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1', () => {
      const lines = [`GET ${target} HTTP/1.1`, 'Host: localhost', 'Connection: close', ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`), '', ''];
      socket.write(lines.join('\r\n'));
    });
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk));
    socket.on('close', () => resolve(Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1] ?? 0)));
    socket.on('error', () => resolve(0));
  });
}

describe('malformed requests', () => {
  let stack: LocalStack;
  let apiPort: number;
  let inboxPort: number;
  beforeAll(async () => {
    vi.stubEnv('DATABASE_URL', '');
    mkdirSync(scratch, { recursive: true });
    stack = await startLocalStack(mkdtempSync(join(scratch, 'hostile-')), { api: 0, inboxHttp: 0, inboxSmtp: 0 });
    apiPort = Number(new URL(stack.apiUrl).port);
    inboxPort = Number(new URL(stack.inboxUrl).port);
  }, 60_000);
  afterAll(async () => {
    await stack?.close();
    vi.unstubAllEnvs();
  });

  const targets = ['//a:99999/', '//[', '/rest/v1/%E0%A4%A', '/rest/v1/%ZZ', '/rest/v1/contact%', '/auth/v1/%ZZ', '/functions/v1/%E0', '*', '/%00'];

  it.each(targets)('%s gets a 4xx answer from the API and the inbox, and both keep serving', async (target) => {
    const apikey = stack.anonKey;
    for (const port of [apiPort, inboxPort]) {
      const status = await raw(port, target, { apikey });
      expect(status, `port ${port}`).toBeGreaterThanOrEqual(400);
      expect(status, `port ${port}`).toBeLessThan(500);
    }
    expect((await fetch(`${stack.apiUrl}/rest/v1/testimonials?select=client_name`, { headers: { apikey } })).status).toBe(200);
    expect((await fetch(`${stack.inboxUrl}/api/v1/messages`)).status).toBe(200);
  });
});
