import type { RJSFSchema } from '@rjsf/utils';
import { formText } from '../../generated/validators/runtime';

export type FormData = Record<string, unknown>;

/**
 * What the visitor means, before any rule runs: text goes through the shared formText rule (trimmed,
 * whitespace-only counts as empty; the function and the database apply the same one), an empty
 * field takes its schema default (team size 0), and fields the schema does not know are dropped.
 */
export function normalise(schema: RJSFSchema, data: FormData | undefined): FormData {
  const result: FormData = {};
  for (const [field, definition] of Object.entries(schema.properties ?? {})) {
    let value = data?.[field];
    if (typeof value === 'string') value = formText(value);
    if (value === undefined && typeof definition === 'object' && definition.default !== undefined) value = definition.default;
    if (value !== undefined) result[field] = value;
  }
  return result;
}
