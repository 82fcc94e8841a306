import type { IncomingMessage } from 'node:http';

/**
 * A request's body, or null when it is over `maxBytes`. An oversized upload is still drained (not
 * stored), so the client gets the answer instead of a stalled socket.
 */
export async function readBytes(req: IncomingMessage, maxBytes: number): Promise<Buffer | null> {
  let size = 0;
  const chunks: Buffer[] = [];
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size <= maxBytes) chunks.push(chunk as Buffer);
  }
  return size > maxBytes ? null : Buffer.concat(chunks);
}

/** A request's body as text, or null when it is over `maxBytes`. */
export async function readBody(req: IncomingMessage, maxBytes: number): Promise<string | null> {
  return (await readBytes(req, maxBytes))?.toString('utf8') ?? null;
}
