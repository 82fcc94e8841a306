/**
 * The part of Supabase Storage's API (/storage/v1) the site and its seed use, over the local database:
 * upload (the seed, with the service role key), signed download links (members, through the storage
 * policies on storage.objects) and the download those links open. Facts from supabase/storage's
 * routes/object: who may do what is decided by a query as the caller's role, as the storage server
 * decides it, so the same policies hold locally and hosted.
 */
import type { IncomingMessage } from 'node:http';
import { randomUUID } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import { bearerToken, signingKey, verifyToken, type Claims } from '../keys.ts';
import { readBytes } from '../request-body.ts';
import type { SqlClient } from '../sql-client.ts';
import { inTransaction, serialized } from '../transactions.ts';
import { accessDenied, invalidJwt, invalidKey, invalidRequest, noSuchBucket, noSuchKey, StorageError } from './errors.ts';

export interface StorageAnswer {
  status: number;
  headers: Record<string, string>;
  body: Buffer | string;
}

const json = (status: number, body: unknown): StorageAnswer => ({ status, headers: { 'Content-Type': 'application/json; charset=utf-8' }, body: JSON.stringify(body) });

// The storage server's isValidKey: the characters S3 keys take safely.
const VALID_KEY = /^(\w|\/|!|-|\.|\*|'|\(|\)| |&|\$|@|=|;|:|\+|,|\?)*$/;
const MAX_KEY_BYTES = 1024;

/** "<bucket>/<name…>" from the path after /object/…, each part percent-decoded. */
function bucketAndName(rest: string): { bucket: string; name: string } {
  const slash = rest.indexOf('/');
  let bucket: string;
  let name: string;
  try {
    bucket = decodeURIComponent(slash < 0 ? rest : rest.slice(0, slash));
    name = slash < 0 ? '' : rest.slice(slash + 1).split('/').map(decodeURIComponent).join('/');
  } catch {
    throw invalidKey(rest);
  }
  if (!name || !VALID_KEY.test(name) || Buffer.byteLength(name) > MAX_KEY_BYTES || name.split('/').some((part) => part === '' || part === '.' || part === '..')) throw invalidKey(name);
  return { bucket, name };
}

/** The caller's verified claims: a request without a valid key or session is refused, as the storage server refuses it. */
async function callerOf(req: IncomingMessage): Promise<Claims & { role: string }> {
  const bearer = bearerToken(req);
  if (!bearer) throw invalidRequest("headers must have required property 'authorization'");
  const verified = await verifyToken(bearer);
  if (!('claims' in verified)) throw accessDenied(verified.code === 'PGRST303' ? '"exp" claim timestamp check failed' : 'signature verification failed');
  const role = verified.claims.role ?? 'anon';
  if (!['anon', 'authenticated', 'service_role'].includes(role)) throw accessDenied(`role "${role}" does not exist`);
  return { ...verified.claims, role };
}

/** Plays the caller in the current transaction (role, and the claims auth.uid() reads), as PostgREST and storage do. */
const becomeCaller = (db: SqlClient, caller: Claims & { role: string }) =>
  db.query(`select set_config('role', $1, true), set_config('request.jwt.claims', $2, true), set_config('request.jwt.claim.sub', $3, true), set_config('request.jwt.claim.role', $1, true)`, [
    caller.role,
    JSON.stringify(caller),
    caller.sub ?? '',
  ]);

/** `work` as the caller, in a transaction of its own. */
const asCaller = <T>(db: SqlClient, caller: Claims & { role: string }, work: () => Promise<T>) => inTransaction(db, work, () => becomeCaller(db, caller));

interface Bucket {
  id: string;
  file_size_limit: string | null;
  allowed_mime_types: string[] | null;
}

export function createStorageHandler({ db, fileSizeLimit }: { db: SqlClient; fileSizeLimit: number }) {
  const bucketOf = async (id: string): Promise<Bucket> => {
    const { rows } = await serialized(db, () => db.query<Bucket>('select id, file_size_limit::text, allowed_mime_types from storage.buckets where id = $1', [id]));
    if (!rows[0]) throw noSuchBucket();
    return rows[0];
  };

  async function upload(req: IncomingMessage, rest: string, upsert: boolean): Promise<StorageAnswer> {
    const caller = await callerOf(req);
    const { bucket: bucketId, name } = bucketAndName(rest);
    const bucket = await bucketOf(bucketId);
    const contentType = String(req.headers['content-type'] ?? 'application/octet-stream');
    if (/^multipart\//i.test(contentType)) throw invalidRequest('The local storage server takes the file as the request body: upload a Buffer, an ArrayBuffer or a string.');
    const mimetype = contentType.split(';')[0]!.trim().toLowerCase();
    const allowed = bucket.allowed_mime_types;
    if (allowed?.length && !allowed.some((type) => type === mimetype || (type.endsWith('/*') && mimetype.startsWith(type.slice(0, -1))))) {
      throw new StorageError('415', 'InvalidMimeType', 'invalid_mime_type', `mime type ${mimetype} is not supported`);
    }
    const limit = Math.min(fileSizeLimit, bucket.file_size_limit === null ? Infinity : Number(bucket.file_size_limit));
    const bytes = await readBytes(req, limit);
    if (!bytes) throw new StorageError('413', 'EntityTooLarge', 'Payload too large', 'The object exceeded the maximum allowed size');
    const owner = typeof caller.sub === 'string' && /^[0-9a-f-]{36}$/i.test(caller.sub) ? caller.sub : null;
    const version = randomUUID();
    const metadata = { eTag: `"${version}"`, size: bytes.length, mimetype, cacheControl: String(req.headers['cache-control'] ?? 'max-age=3600'), lastModified: new Date().toISOString(), contentLength: bytes.length, httpStatusCode: 200 };
    const { rows } = await inTransaction(db, async () => {
      // As the storage server: may the caller write this row? Asked as the caller (its policies see only
      // the type and size), undone, and the object then written as the server.
      await becomeCaller(db, caller);
      await db.exec('savepoint caller_may_write');
      await db
        .query(
          `insert into storage.objects (bucket_id, name, owner, owner_id, metadata) values ($1, $2, $3, $4, $5)
           ${upsert ? 'on conflict (bucket_id, name) do update set owner = excluded.owner, owner_id = excluded.owner_id, metadata = excluded.metadata' : ''}`,
          [bucketId, name, owner, caller.sub ?? null, { mimetype, contentLength: bytes.length }],
        )
        .catch((error: { code?: string }) => {
          if (error.code === '42501') throw accessDenied('new row violates row-level security policy');
          if (error.code === '23505') throw new StorageError('409', 'KeyAlreadyExists', 'Duplicate', 'The resource already exists');
          throw error;
        });
      await db.exec('rollback to savepoint caller_may_write');
      await db.exec('reset role');
      await db.query('insert into storage_local.files (version, bytes) values ($1, $2)', [version, bytes]);
      const before = await db.query<{ version: string | null }>('select version from storage.objects where bucket_id = $1 and name = $2 for update', [bucketId, name]);
      if (before.rows[0]?.version) await db.query('delete from storage_local.files where version = $1', [before.rows[0].version]);
      return db.query<{ id: string }>(
        `insert into storage.objects (bucket_id, name, owner, owner_id, metadata, version) values ($1, $2, $3, $4, $5, $6)
         on conflict (bucket_id, name) do update set owner = excluded.owner, owner_id = excluded.owner_id, metadata = excluded.metadata, version = excluded.version, updated_at = now()
         returning id`,
        [bucketId, name, owner, caller.sub ?? null, metadata, version],
      );
    });
    return json(200, { Id: rows[0]!.id, Key: `${bucketId}/${name}` });
  }

  async function expiresInOf(req: IncomingMessage): Promise<{ expiresIn: number; paths?: unknown }> {
    const raw = await readBytes(req, 1_000_000);
    let body: { expiresIn?: unknown; paths?: unknown };
    try {
      body = JSON.parse(raw?.toString('utf8') ?? '');
    } catch {
      throw invalidRequest('body must be a JSON object with expiresIn');
    }
    const expiresIn = body?.expiresIn;
    if (typeof expiresIn !== 'number' || !Number.isInteger(expiresIn) || expiresIn < 1 || expiresIn > 10 * 365 * 24 * 3600) throw invalidRequest('body/expiresIn must be an integer of at least 1 (seconds)');
    return { expiresIn, paths: body.paths };
  }

  const signedUrl = async (bucket: string, name: string, expiresIn: number) => {
    const token = await new SignJWT({ url: `${bucket}/${name}`, scope: 'download' }).setProtectedHeader({ alg: 'HS256' }).setIssuedAt().setExpirationTime(Math.floor(Date.now() / 1000) + expiresIn).sign(signingKey);
    return `/object/sign/${bucket}/${name}?token=${token}`;
  };

  /** One link: the caller must be able to read the object's row (its storage policies), or it is "not found". */
  async function signOne(req: IncomingMessage, rest: string): Promise<StorageAnswer> {
    const caller = await callerOf(req);
    const { bucket, name } = bucketAndName(rest);
    const { expiresIn } = await expiresInOf(req);
    const { rows } = await asCaller(db, caller, () => db.query('select id from storage.objects where name = $1 and bucket_id = $2 limit 1', [name, bucket]));
    if (!rows[0]) throw noSuchKey();
    return json(200, { signedURL: await signedUrl(bucket, name, expiresIn) });
  }

  async function signMany(req: IncomingMessage, bucket: string): Promise<StorageAnswer> {
    const caller = await callerOf(req);
    const { expiresIn, paths } = await expiresInOf(req);
    if (!Array.isArray(paths) || !paths.length || paths.length > 1000 || !paths.every((p) => typeof p === 'string')) throw invalidRequest('body/paths must be a list of 1 to 1000 object names');
    const { rows } = await asCaller(db, caller, () => db.query<{ name: string }>('select name from storage.objects where bucket_id = $1 and name = any($2)', [bucket, paths]));
    const readable = new Set(rows.map((row) => row.name));
    const answers = await Promise.all(
      (paths as string[]).map(async (path) =>
        readable.has(path) ? { error: null, path, signedURL: await signedUrl(bucket, path, expiresIn) } : { error: 'Either the object does not exist or you do not have access to it', path, signedURL: null },
      ),
    );
    return json(200, answers);
  }

  /** What a signed link opens: its token names the object, so no session is asked for. */
  async function download(rest: string, search: URLSearchParams): Promise<StorageAnswer> {
    const { bucket, name } = bucketAndName(rest);
    const token = search.get('token');
    if (!token) throw invalidRequest("querystring must have required property 'token'");
    let claims: { url?: unknown; scope?: unknown; exp?: number };
    try {
      ({ payload: claims } = await jwtVerify(token, signingKey, { algorithms: ['HS256'] }));
    } catch (error) {
      throw invalidJwt(error instanceof Error ? error.message : String(error));
    }
    if (claims.scope !== undefined && claims.scope !== 'download') throw new StorageError('400', 'InvalidSignature', 'InvalidSignature', 'Token is not scoped for download');
    if (claims.url !== `${bucket}/${name}`) throw new StorageError('400', 'InvalidSignature', 'InvalidSignature', 'Invalid signature');
    const { rows } = await serialized(db, () =>
      db.query<{ metadata: Record<string, unknown> | null; updated_at: Date; bytes: Uint8Array }>(
        'select o.metadata, o.updated_at, f.bytes from storage.objects o join storage_local.files f on f.version = o.version where o.bucket_id = $1 and o.name = $2',
        [bucket, name],
      ),
    );
    const found = rows[0];
    if (!found) throw noSuchKey();
    const headers: Record<string, string> = {
      'Content-Type': String(found.metadata?.mimetype ?? 'application/octet-stream'),
      'Cache-Control': String(found.metadata?.cacheControl ?? 'max-age=3600'),
      ETag: String(found.metadata?.eTag ?? ''),
      'Last-Modified': new Date(found.updated_at).toUTCString(),
      'X-Robots-Tag': 'none',
    };
    if (claims.exp) headers.Expires = new Date(claims.exp * 1000).toUTCString();
    const saveAs = search.get('download');
    if (saveAs !== null) headers['Content-Disposition'] = saveAs ? `attachment; filename=${encodeURIComponent(saveAs)}; filename*=UTF-8''${encodeURIComponent(saveAs)}` : 'attachment;';
    return { status: 200, headers, body: Buffer.from(found.bytes) };
  }

  return async function handleStorage(req: IncomingMessage, path: string, search: URLSearchParams): Promise<StorageAnswer> {
    try {
      const method = req.method ?? 'GET';
      const sign = path.match(/^\/object\/sign\/(.+)$/);
      if (sign && method === 'GET') return await download(sign[1]!, search);
      if (sign && method === 'POST') return sign[1]!.includes('/') ? await signOne(req, sign[1]!) : await signMany(req, decodeURIComponent(sign[1]!));
      const object = path.match(/^\/object\/(?!sign\/|public\/|authenticated\/|info\/|list\/|move$|copy$)(.+)$/);
      if (object && (method === 'POST' || method === 'PUT')) return await upload(req, object[1]!, method === 'PUT' || req.headers['x-upsert'] === 'true');
      return json(404, { statusCode: 404, error: 'Not Found', message: `Route ${method}:${path} not found. The local storage server answers uploads, signed links and their downloads.` });
    } catch (error) {
      if (error instanceof StorageError) return json(400, error.body);
      throw error;
    }
  };
}
