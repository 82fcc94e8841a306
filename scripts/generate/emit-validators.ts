import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { compileSchemaValidatorsCode } from '@rjsf/validator-ajv8/compileSchemaValidators';
import type { RJSFSchema } from '@rjsf/utils';

/** form-model/text-rules.ts with a banner, beside the validators that import it (they stay self-contained). */
export function runtimeModule(banner: string): string {
  return `${banner}\n${readFileSync(join(import.meta.dirname, '..', '..', 'form-model', 'text-rules.ts'), 'utf8')}`;
}

/**
 * Ajv standalone code for a schema and the sub-schemas RJSF asks about, as an ES module exporting the
 * validator functions by key. Precompiled, so the browser never compiles code (no eval, strict CSP).
 * Ajv's ESM output cannot export RJSF's hash-named validators, so its CommonJS output is wrapped.
 */
export function validatorModule(schema: RJSFSchema, banner: string): string {
  const code = compileSchemaValidatorsCode(schema, { ajvOptionsOverrides: { code: { esm: false, lines: false } } });
  const body = code
    .replace(/^"use strict";/, '')
    .replaceAll('require("ajv/dist/runtime/ucs2length").default', '__ucs2length');
  const leftover = body.match(/require\([^)]*\)/);
  if (leftover) throw new Error(`The validator for ${String(schema.$id)} needs ${leftover[0]}, which the generator does not inline yet.`);
  return [
    banner,
    '// @ts-nocheck -- Ajv standalone output',
    "import type { ValidatorFunctions } from '@rjsf/validator-ajv8';",
    "import { ucs2length as __ucs2length } from './runtime.ts';",
    '',
    'const exports = {};',
    body,
    '',
    'export default exports as ValidatorFunctions;',
    '',
  ].join('\n');
}
