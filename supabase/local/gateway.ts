/**
 * The local API at http://localhost:54321, the address supabase-js is given. It answers CORS for the
 * site on :3000, serves /auth/v1, /rest/v1 and /storage/v1 over the local database and forwards /functions/v1/<name>
 * to the running function.
 */
import { createServer, request as forward, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FunctionRunner } from './functions.ts';
import type { SqlClient } from './sql-client.ts';
import type { AuthConfig } from './auth/config.ts';
import { createAuthHandler } from './auth/handler.ts';
import type { MailSettings } from './auth/mail.ts';
import { bearerToken, verifyToken } from './keys.ts';
import { guarded, keepIdleConnections } from './guarded.ts';
import { verifiesJwt } from './function-config.ts';
import { handleRpc } from './rest/rpc.ts';
import { handleRest } from './rest/tables.ts';
import { createStorageHandler } from './storage/handler.ts';

const CORS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': 'GET, POST, PUT, PATCH, DELETE, OPTIONS',
  'Access-Control-Expose-Headers': 'X-Supabase-Api-Version, Content-Range',
};

function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { ...CORS, 'Content-Type': 'application/json' }).end(JSON.stringify(body));
}

function proxy(req: IncomingMessage, res: ServerResponse, port: number, path: string) {
  const upstream = forward({ host: '127.0.0.1', port, path, method: req.method, headers: { ...req.headers, host: `127.0.0.1:${port}` } }, (answer) => {
    // The function answers CORS itself too; the gateway's headers replace its, or browsers see two values.
    const headers = Object.fromEntries(Object.entries(answer.headers).filter(([name]) => !name.startsWith('access-control-')));
    res.writeHead(answer.statusCode ?? 502, { ...headers, ...CORS });
    answer.pipe(res);
  });
  upstream.on('error', () => json(res, 503, { code: 503, message: 'The function is not running. Check the terminal running `npm start` for its error.' }));
  req.pipe(upstream);
}

/**
 * Hosted Supabase's gateway wants one of the project's keys in `apikey` on every auth and REST call, and
 * answers this when it is missing or wrong; so does this one, so a wrong key fails here first.
 */
async function apiKeyProblem(req: IncomingMessage): Promise<{ message: string; hint?: string } | null> {
  const key = req.headers.apikey;
  if (typeof key !== 'string' || !key) return { message: 'No API key found in request', hint: 'No `apikey` request header or url param was found.' };
  return 'claims' in (await verifyToken(key)) ? null : { message: 'Invalid API key', hint: 'Double check your Supabase `anon` or `service_role` API key.' };
}

export interface Gateway {
  port: number;
  close(): Promise<void>;
}

interface GatewayOptions {
  functions: Pick<FunctionRunner, 'functions'>;
  db: SqlClient;
  auth: { config: AuthConfig; mail: MailSettings };
  port: number;
  /** config.toml's [storage] file_size_limit, in bytes. */
  storageFileSizeLimit?: number;
}

export function startGateway({ functions, db, auth, port, storageFileSizeLimit = 50 * 1024 ** 2 }: GatewayOptions): Promise<Gateway> {
  let listeningOn = port;
  const checks = new Map<string, boolean>();
  const jwtRequired = (name: string) => checks.get(name) ?? checks.set(name, verifiesJwt(name)).get(name)!;
  const handleAuth = createAuthHandler({ db, ...auth, externalUrl: () => `http://localhost:${listeningOn}` });
  const handleStorage = createStorageHandler({ db, fileSizeLimit: storageFileSizeLimit });
  const server = createServer(guarded('local API', async (req, res, url) => {
    if (req.method === 'OPTIONS') {
      res.writeHead(200, { ...CORS, 'Access-Control-Allow-Headers': req.headers['access-control-request-headers'] ?? 'authorization, apikey, content-type, x-client-info', 'Access-Control-Max-Age': '600' }).end('ok');
      return;
    }
    const match = url.pathname.match(/^\/functions\/v1\/([a-z0-9-]+)(\/.*)?$/);
    if (match) {
      const fn = functions.functions.get(match[1]!);
      if (!fn) return json(res, 404, { code: 404, message: `No function named ${match[1]} in supabase/functions.` });
      if (jwtRequired(fn.name)) {
        const bearer = bearerToken(req);
        if (!bearer) return json(res, 401, { code: 401, message: 'Missing authorization header' });
        if (!('claims' in (await verifyToken(bearer)))) return json(res, 401, { code: 401, message: 'Invalid JWT' });
      }
      return proxy(req, res, fn.port, `${match[2] ?? '/'}${url.search}`);
    }
    // As hosted Supabase's edge (Cloudflare) does: CF-Connecting-IP is the address that connected, whatever
    // the caller sent in it, and that address is appended to the caller's own X-Forwarded-For, which is
    // passed on. The database reads the first, else the last entry of the second (request_client_address).
    const caller = req.socket.remoteAddress ?? '';
    const forwarded = req.headers['x-forwarded-for'];
    req.headers['cf-connecting-ip'] = caller;
    req.headers['x-forwarded-for'] = forwarded ? `${Array.isArray(forwarded) ? forwarded.join(', ') : forwarded}, ${caller}` : caller;
    const rpc = url.pathname.match(/^\/rest\/v1\/rpc\/([^/]+)$/);
    if (rpc) {
      const problem = await apiKeyProblem(req);
      if (problem) return json(res, 401, problem);
      const { status, headers, body } = await handleRpc(db, req, decodeURIComponent(rpc[1]!));
      res.writeHead(status, { ...CORS, ...headers }).end(body);
      return;
    }
    const rest = url.pathname.match(/^\/rest\/v1\/([^/]+)$/);
    if (rest) {
      const problem = await apiKeyProblem(req);
      if (problem) return json(res, 401, problem);
      const { status, headers, body } = await handleRest(db, req, decodeURIComponent(rest[1]!), url.searchParams);
      res.writeHead(status, { ...CORS, ...headers }).end(req.method === 'HEAD' ? undefined : body);
      return;
    }
    if (url.pathname.startsWith('/auth/v1/')) {
      const path = url.pathname.slice('/auth/v1'.length);
      // Every auth call needs the project's key, except the link people click in an email.
      const problem = path === '/verify' ? null : await apiKeyProblem(req);
      if (problem) return json(res, 401, problem);
      const { status, headers, body } = await handleAuth(req, path, url.searchParams);
      res.writeHead(status, { ...CORS, ...headers }).end(body);
      return;
    }
    if (url.pathname.startsWith('/storage/v1/')) {
      // As hosted's gateway: storage checks the caller's token itself, and a signed link carries none.
      const { status, headers, body } = await handleStorage(req, url.pathname.slice('/storage/v1'.length), url.searchParams);
      res.writeHead(status, { ...CORS, ...headers }).end(req.method === 'HEAD' ? undefined : body);
      return;
    }
    return json(res, 404, { code: 404, message: 'Not found. The local API serves /auth/v1, /rest/v1/<table>, /storage/v1 and /functions/v1/<name>.' });
  }));
  keepIdleConnections(server);
  return new Promise((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) =>
      reject(new Error(error.code === 'EADDRINUSE' ? `Port ${port} (local Supabase API) is already in use. Is another \`npm start\` or \`supabase start\` running?` : error.message)),
    );
    server.listen(port, '127.0.0.1', () => {
      listeningOn = (server.address() as AddressInfo).port;
      resolve({
        port: listeningOn,
        close: () =>
          new Promise<void>((done) => {
            server.close(() => done());
            // Browsers and supabase-js keep connections open; stopping means stopping now.
            server.closeAllConnections();
          }),
      });
    });
  });
}
