/** Per-function settings from supabase/config.toml ([functions.<name>]), as the Supabase CLI reads them. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'smol-toml';

/** Whether calls to the function must carry a valid JWT: hosted Supabase's default is yes. */
export function verifiesJwt(name: string, file = join(import.meta.dirname, '..', 'config.toml')): boolean {
  const functions = (parse(readFileSync(file, 'utf8')).functions ?? {}) as Record<string, { verify_jwt?: unknown }>;
  return functions[name]?.verify_jwt !== false;
}
