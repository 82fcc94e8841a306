import type { RJSFSchema } from '@rjsf/utils';

export type FormData = Record<string, unknown>;

/**
 * What the visitor means, before any rule runs: text is trimmed, whitespace-only counts as empty,
 * an empty field takes its schema default (team size 0), and fields the schema does not know are dropped.
 */
export function normalise(schema: RJSFSchema, data: FormData | undefined): FormData {
  const result: FormData = {};
  for (const [field, definition] of Object.entries(schema.properties ?? {})) {
    let value = data?.[field];
    if (typeof value === 'string') value = value.trim() || undefined;
    if (value === undefined && typeof definition === 'object' && definition.default !== undefined) value = definition.default;
    if (value !== undefined) result[field] = value;
  }
  return result;
}
