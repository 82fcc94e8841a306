/**
 * What `supabase start` does with config.toml's [storage.buckets.*]: each bucket is made (or its settings
 * brought up to date) and the files under its objects_path are uploaded through the storage API with the
 * service role key, named by their path below that folder. Hosted Supabase gets the same from
 * `supabase seed buckets --linked` (scripts/deploy-supabase.sh).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { extname, join, relative, sep } from 'node:path';
import type { SqlClient } from '../sql-client.ts';
import { serialized } from '../transactions.ts';
import type { StorageConfig } from './config.ts';

const TYPES: Record<string, string> = {
  '.md': 'text/markdown',
  '.csv': 'text/csv',
  '.txt': 'text/plain',
  '.pdf': 'application/pdf',
  '.json': 'application/json',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.svg': 'image/svg+xml',
};
export const mimeTypeOf = (file: string) => TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream';

// What an operating system leaves in folders (the CLI skips them too), and hidden files.
const isJunk = (name: string) => name.startsWith('.') || ['Thumbs.db', 'desktop.ini'].includes(name);

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (isJunk(entry.name)) return [];
    const path = join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(path) : entry.isFile() ? [path] : [];
  });
}

/** Returns how many files were uploaded. */
export async function seedBuckets(db: SqlClient, config: StorageConfig, apiUrl: string, serviceKey: string): Promise<number> {
  let uploaded = 0;
  for (const bucket of config.buckets) {
    await serialized(db, () =>
      db.query(
        `insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types) values ($1, $1, $2, $3, $4)
         on conflict (id) do update set public = excluded.public, file_size_limit = excluded.file_size_limit, allowed_mime_types = excluded.allowed_mime_types, updated_at = now()`,
        [bucket.id, bucket.public, bucket.fileSizeLimit, bucket.allowedMimeTypes],
      ),
    );
    if (!bucket.objectsPath) continue;
    for (const file of filesUnder(bucket.objectsPath)) {
      const name = relative(bucket.objectsPath, file).split(sep).join('/');
      const answer = await fetch(`${apiUrl}/storage/v1/object/${bucket.id}/${name.split('/').map(encodeURIComponent).join('/')}`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${serviceKey}`, 'x-upsert': 'true', 'Content-Type': mimeTypeOf(file) },
        body: readFileSync(file),
      });
      if (!answer.ok) {
        const { message } = (await answer.json().catch(() => ({ message: answer.statusText }))) as { message: string };
        throw new Error(`${relative(process.cwd(), file)} could not be uploaded to the bucket "${bucket.id}": ${message}. Check [storage.buckets.${bucket.id}] in supabase/config.toml (allowed_mime_types, file_size_limit).`);
      }
      uploaded += 1;
    }
  }
  return uploaded;
}
