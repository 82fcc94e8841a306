/**
 * `npm run generate`: turns schemas/ into what the site runs on, after checking the schemas.
 *   src/generated/types.ts               TypeScript types of each form's data
 *   src/generated/forms/<form>.ts        schema, UI, messages and wizard steps, ready for the form components
 *   src/generated/validators/<id>.ts     precompiled Ajv validators (no code compiled in the browser)
 *   form-model/generated/             how staff read each notified form: send-form-notification and /staff
 *   supabase/migrations/<time>_*.sql     a NEW migration with only what changed since the last one
 *   supabase/schema-snapshot.json        the tables as the migrations leave them, and every migration's hash
 *
 * Only files whose content changes are written. `npm run generate -- --check` writes nothing and fails
 * if generate would write anything, or a migration was edited after it was written (run in `npm test`).
 * A change that would drop a column or table, or change a column's type, is refused unless
 * `npm run generate -- --allow-destructive` confirms it.
 */
import { generate } from './generate/run.ts';
import { generateOptions } from './generate/paths.ts';

const result = await generate({
  ...generateOptions(),
  check: process.argv.includes('--check'),
  allowDestructive: process.argv.includes('--allow-destructive'),
}).catch((error: unknown) => ({ ok: false, lines: [`Generation failed: ${error instanceof Error ? error.message : String(error)}`] }));

(result.ok ? console.log : console.error)(result.lines.join('\n'));
process.exit(result.ok ? 0 : 1);
