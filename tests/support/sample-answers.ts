import fc from 'fast-check';
import { asking, type ConditionalSchema } from '../../form-model/conditions';

interface FieldSchema {
  type?: string;
  title?: string;
  oneOf?: { const: unknown; title?: string }[];
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  default?: unknown;
}

/** Plausible answers tried first, so samples read like a person's (and stay stable across runs). */
const PLAUSIBLE = ['ana@casaverde.org', '78701', '555-0100', 'Ana Ruiz', 'Casa Verde helps families find homes.'];

function sampleFor(field: FieldSchema): unknown {
  if (field.oneOf?.length) return field.oneOf[0]!.const;
  if (field.type === 'integer' || field.type === 'number') return field.default ?? field.minimum ?? 0;
  // No: a yes-or-no question that asks more (a condition) stays as short as it can be.
  if (field.type === 'boolean') return field.default ?? false;
  const fits = (text: string) =>
    (!field.pattern || new RegExp(field.pattern, 'u').test(text)) && text.length >= (field.minLength ?? 1) && text.length <= (field.maxLength ?? Infinity);
  const plausible = PLAUSIBLE.find(fits) ?? (fits('correct horse battery') ? 'correct horse battery' : undefined);
  if (plausible) return plausible;
  const generated = fc.sample(fc.stringMatching(new RegExp(field.pattern ?? '^[a-z]+$', 'u')).filter(fits), { numRuns: 1, seed: 1 });
  if (!generated.length) throw new Error(`No sample answer fits ${JSON.stringify(field)}`);
  return generated[0];
}

/**
 * A complete, valid submission for a form, read from its schema: every question it asks answered
 * (optional ones too, so a question made required later is already filled; those its conditions leave
 * out for these answers are not), so tests keep passing when an editor changes questions, options or
 * required fields.
 */
export function sampleAnswers(schema: { properties?: Record<string, unknown> }, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const answers = Object.fromEntries(Object.entries(schema.properties ?? {}).map(([name, field]) => [name, sampleFor(field as FieldSchema)]));
  return { ...asking(schema as ConditionalSchema, { ...answers, ...overrides }).answers, ...overrides };
}

/** The label a visitor sees for a stored option value. */
export function optionLabel(schema: { properties?: Record<string, unknown> }, field: string, value: unknown): string {
  const options = (schema.properties?.[field] as FieldSchema | undefined)?.oneOf ?? [];
  const option = options.find((o) => o.const === value);
  if (!option?.title) throw new Error(`${field} has no option ${JSON.stringify(value)}`);
  return option.title;
}
