/**
 * Storage settings for the local stand-in, read from supabase/config.toml's [storage] and
 * [storage.buckets.*]: the same keys the Supabase CLI reads for `supabase start` and `supabase seed buckets`.
 */
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { parse } from 'smol-toml';

export interface BucketConfig {
  id: string;
  public: boolean;
  /** Bytes; null when the bucket sets none (the project's limit applies). */
  fileSizeLimit: number | null;
  /** Null: any type. */
  allowedMimeTypes: string[] | null;
  /** The folder whose files are the bucket's objects (their paths below it are the names), or null. */
  objectsPath: string | null;
}

export interface StorageConfig {
  /** The largest file any bucket takes, in bytes. */
  fileSizeLimit: number;
  buckets: BucketConfig[];
}

const UNITS: Record<string, number> = { B: 1, KB: 1000, MB: 1000 ** 2, GB: 1000 ** 3, KIB: 1024, MIB: 1024 ** 2, GIB: 1024 ** 3 };

/** "5MiB", "50MB", "1024": the CLI's sizes (units as go-humanize parses them). */
export function parseSize(value: unknown, where: string): number {
  if (typeof value === 'number' && Number.isInteger(value) && value >= 0) return value;
  const match = typeof value === 'string' ? value.trim().match(/^(\d+(?:\.\d+)?)\s*([A-Za-z]*)$/) : null;
  const unit = UNITS[(match?.[2] || 'B').toUpperCase()];
  if (!match || unit === undefined) throw new Error(`supabase/config.toml: ${where} = ${JSON.stringify(value)} is not a size. Write it as "5MiB", "50MB" or a number of bytes.`);
  return Math.round(Number(match[1]) * unit);
}

type Table = Record<string, unknown>;
const table = (value: unknown): Table => (value && typeof value === 'object' ? (value as Table) : {});

export function readStorageConfig(file = join(import.meta.dirname, '..', '..', 'config.toml')): StorageConfig {
  const storage = table(parse(readFileSync(file, 'utf8')).storage);
  const fileSizeLimit = storage.file_size_limit === undefined ? 50 * 1024 ** 2 : parseSize(storage.file_size_limit, '[storage] file_size_limit');
  const buckets = Object.entries(table(storage.buckets)).map(([id, value]): BucketConfig => {
    const bucket = table(value);
    const where = `[storage.buckets.${id}]`;
    const types = bucket.allowed_mime_types;
    if (types !== undefined && !(Array.isArray(types) && types.every((t) => typeof t === 'string'))) {
      throw new Error(`supabase/config.toml: ${where} allowed_mime_types must be a list of types, like ["text/csv", "application/pdf"].`);
    }
    return {
      id,
      public: bucket.public === true,
      fileSizeLimit: bucket.file_size_limit === undefined ? null : parseSize(bucket.file_size_limit, `${where} file_size_limit`),
      allowedMimeTypes: Array.isArray(types) && types.length ? (types as string[]) : null,
      // Relative to supabase/, as the CLI resolves it.
      objectsPath: typeof bucket.objects_path === 'string' && bucket.objects_path ? resolve(dirname(file), bucket.objects_path) : null,
    };
  });
  return { fileSizeLimit, buckets };
}
