/**
 * The API settings of supabase/config.toml that the local stand-in applies, as the Supabase CLI's own
 * stack does: the gateway's port ([api] port), the most rows one REST read returns ([api] max_rows,
 * PostgREST's db-max-rows) and the mail inbox's ports ([inbucket] port and smtp_port).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'smol-toml';

export interface ApiConfig {
  port: number;
  /** Null: no cap, as PostgREST without db-max-rows. */
  maxRows: number | null;
  inboxPort: number;
  inboxSmtpPort: number;
}

type Table = Record<string, unknown>;
const table = (value: unknown): Table => (value && typeof value === 'object' ? (value as Table) : {});

export function readApiConfig(file = join(import.meta.dirname, '..', 'config.toml')): ApiConfig {
  const config = parse(readFileSync(file, 'utf8'));
  const api = table(config.api);
  const inbucket = table(config.inbucket);
  return {
    port: typeof api.port === 'number' ? api.port : 54321,
    maxRows: typeof api.max_rows === 'number' && api.max_rows > 0 ? api.max_rows : null,
    inboxPort: typeof inbucket.port === 'number' ? inbucket.port : 54324,
    inboxSmtpPort: typeof inbucket.smtp_port === 'number' ? inbucket.smtp_port : 54325,
  };
}
