/**
 * Raw HTTP for the reliability suite: any path as written (fetch would normalise the hostile ones), any
 * local source address (127.0.0.x stands for a different client, so per-client limits can be tried
 * from one machine), and a status of 0 when the server dropped the connection or did not answer.
 */
import { request } from 'node:http';

export interface Answer {
  status: number;
  body: string;
}

export function send(base: string, method: string, path: string, options: { headers?: Record<string, string>; body?: string; from?: string } = {}): Promise<Answer> {
  const url = new URL(base);
  return new Promise((resolve) => {
    const req = request(
      { host: url.hostname === 'localhost' ? '127.0.0.1' : url.hostname, port: url.port, method, path, headers: options.headers, localAddress: options.from, timeout: 20_000 },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
        res.on('error', () => resolve({ status: 0, body: '' }));
      },
    );
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve({ status: 0, body: '' }));
    req.end(options.body);
  });
}

/** JSON headers with a key (the anon key unless told otherwise). */
export const withKey = (key: string, extra: Record<string, string> = {}) => ({ apikey: key, Authorization: `Bearer ${key}`, 'Content-Type': 'application/json', ...extra });
