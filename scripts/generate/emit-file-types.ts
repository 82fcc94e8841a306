import { compile } from 'json-schema-to-typescript';
import type { SchemaObject } from 'ajv';
import { messagesShape, registryShape, resultsShape, stepsShape } from './check/file-shapes.ts';

const seen = new WeakMap<SchemaObject, SchemaObject>();

/**
 * A shape's documentation for TypeScript: its `$comment` (what the value is for) as the description
 * json-schema-to-typescript writes as a doc comment, in place of the shape's `description`, which is
 * the sentence an error message ends with ("must be …").
 */
function documented(shape: SchemaObject): SchemaObject {
  // One part used in several places (a message, a toast) stays one object, so it becomes one type.
  const known = seen.get(shape);
  if (known) return known;
  const result: SchemaObject = { ...shape };
  seen.set(shape, result);
  delete result.description;
  if (typeof shape.$comment === 'string') result.description = shape.$comment;
  delete result.$comment;
  if (shape.properties) result.properties = Object.fromEntries(Object.entries(shape.properties as Record<string, SchemaObject>).map(([key, value]) => [key, documented(value)]));
  if (shape.additionalProperties && typeof shape.additionalProperties === 'object') result.additionalProperties = documented(shape.additionalProperties as SchemaObject);
  if (shape.items && typeof shape.items === 'object') result.items = documented(shape.items as SchemaObject);
  return result;
}

/**
 * The TypeScript types of the files in schemas/ beside each form's JSON Schema (forms.json, *.messages.json,
 * *.steps.json, *.results.json), compiled from the same shapes the generator checks those files against
 * (check/file-shapes.ts) and the editors underline with (editor-schemas.ts): one declaration of the
 * forms model, so the generator, the site and the checks cannot disagree about it.
 */
export async function formFileTypesModule(banner: string): Promise<string> {
  const files: SchemaObject = {
    title: 'FormFiles',
    description: 'What schemas/ holds beside each form\'s JSON Schema.',
    type: 'object',
    additionalProperties: false,
    required: ['registry', 'messages'],
    properties: { registry: documented(registryShape), messages: documented(messagesShape), steps: documented(stepsShape), results: documented(resultsShape) },
  };
  const ts = await compile(files as never, 'FormFiles', { bannerComment: '', additionalProperties: false, ignoreMinAndMaxItems: true, format: true });
  return `${banner}\n\n${ts.trim()}\n`;
}
