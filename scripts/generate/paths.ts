import { join } from 'node:path';
import type { GenerateOptions } from './run.ts';

const root = join(import.meta.dirname, '..', '..');

/**
 * Where the generator reads and writes: the project's own folders, or (for tests) private copies
 * named by SCHEMAS_DIR, GENERATED_DIR, SUPABASE_DIR and FORM_MODEL_DIR.
 */
export function generateOptions(): GenerateOptions {
  // Generating from a copy of the schemas (as tests do) must never write migrations into the real project.
  if (process.env.SCHEMAS_DIR && !(process.env.SUPABASE_DIR && process.env.FORM_MODEL_DIR)) {
    console.error('SCHEMAS_DIR is set without SUPABASE_DIR and FORM_MODEL_DIR: set all three, so migrations and form layouts are written beside those schemas.');
    process.exit(2);
  }
  return {
    root,
    schemasDir: process.env.SCHEMAS_DIR ?? join(root, 'schemas'),
    generatedDir: process.env.GENERATED_DIR ?? join(root, 'src', 'generated'),
    supabaseDir: process.env.SUPABASE_DIR ?? join(root, 'supabase'),
    formModelDir: process.env.FORM_MODEL_DIR ?? join(root, 'form-model'),
    databaseTypes: true,
  };
}
