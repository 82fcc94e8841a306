import type { RJSFSchema } from '@rjsf/utils';
import type { JsonSchema } from './forms.ts';

export interface StepSource {
  title: string;
  fields: string[];
}

/** A wizard step's own schema: its fields, and those of them the whole form requires. */
export function stepSchema(schema: JsonSchema, step: StepSource, index: number): RJSFSchema {
  const properties = Object.fromEntries(step.fields.map((field) => [field, schema.properties![field]]));
  return {
    $id: `${schema.$id}_step_${index + 1}`,
    type: 'object',
    additionalProperties: false,
    required: (schema.required ?? []).filter((field) => step.fields.includes(field)),
    properties,
  } as RJSFSchema;
}
