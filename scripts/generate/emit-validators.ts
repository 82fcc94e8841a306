import { compileSchemaValidatorsCode } from '@rjsf/validator-ajv8/compileSchemaValidators';
import type { RJSFSchema } from '@rjsf/utils';

/** Ajv's length counter (counts code points, as Postgres does), shared by every validator module. */
export function runtimeModule(banner: string): string {
  return `${banner}
export function ucs2length(str: string): number {
  const len = str.length;
  let length = 0;
  let pos = 0;
  let value: number;
  while (pos < len) {
    length++;
    value = str.charCodeAt(pos++);
    if (value >= 0xd800 && value <= 0xdbff && pos < len) {
      value = str.charCodeAt(pos);
      if ((value & 0xfc00) === 0xdc00) pos++;
    }
  }
  return length;
}
`;
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
