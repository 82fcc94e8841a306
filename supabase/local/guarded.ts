/**
 * Every local server's request listener goes through `guarded`, so no request, however malformed
 * (`//a:99999/`, `%E0%A4%A`, a client that hangs up mid-body), can throw out of a handler and stop the
 * stack: a bad request gets a 400 JSON answer, a fault of ours a 500 without internals, logged once.
 * Only requests addressed to this machine by a loopback name are answered: a web page a developer visits
 * could otherwise point its own domain at 127.0.0.1 (DNS rebinding) and read the inbox's sign-in links.
 */
import type { IncomingMessage, RequestListener, Server, ServerResponse } from 'node:http';

export type GuardedHandler = (req: IncomingMessage, res: ServerResponse, url: URL) => void | Promise<void>;

/** The request target as a URL. It is always a path here, even one that looks like `//host:port/`. */
function requestUrl(req: IncomingMessage): URL | null {
  const target = req.url ?? '/';
  try {
    return new URL(`http://localhost${target.startsWith('/') ? target : `/${target}`}`);
  } catch {
    return null;
  }
}

function reply(res: ServerResponse, status: number, message: string) {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  res.writeHead(status, { 'Content-Type': 'application/json', 'Access-Control-Allow-Origin': '*' }).end(JSON.stringify({ code: status, message }));
}

/** `localhost`, `*.localhost`, `127.x.x.x` or `[::1]`, with any port; no Host at all (HTTP/1.0) cannot be a rebinding. */
function addressedToLoopback(host: string | undefined): boolean {
  if (host === undefined) return true;
  const name = host.toLowerCase().replace(/:\d*$/, '');
  return name === 'localhost' || name.endsWith('.localhost') || /^127(\.\d{1,3}){3}$/.test(name) || name === '[::1]';
}

export function guarded(server: string, handler: GuardedHandler): RequestListener {
  return (req, res) => {
    const url = requestUrl(req);
    if (!url) return reply(res, 400, 'The request target is not a valid path.');
    if (!addressedToLoopback(req.headers.host)) return reply(res, 403, `The ${server} answers requests for localhost only, not for Host ${JSON.stringify(req.headers.host)}.`);
    Promise.resolve()
      .then(() => handler(req, res, url))
      .catch((error: unknown) => {
        if (error instanceof URIError) return reply(res, 400, 'The request path has a malformed percent-encoding.');
        console.error(`${server}: ${req.method} ${req.url}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
        reply(res, 500, 'The local server could not answer this request.');
      });
  };
}

/**
 * An idle keep-alive connection is closed by its client, never by the server: Node's server closes one
 * after 5 s, and a client whose own timer (4 s, told by that 5) runs late on a busy process, as a test's
 * does while it mines a proof of work, sends its next request into a socket being closed and reads
 * ECONNRESET. Browsers retry such a request; Node's fetch does not. Active requests keep their timeouts.
 */
export function keepIdleConnections(server: Server) {
  server.keepAliveTimeout = 0;
}
