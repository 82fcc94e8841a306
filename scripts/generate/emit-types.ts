import { compile } from 'json-schema-to-typescript';
import { conditionalQuestions, type ConditionalSchema } from '../../form-model/conditions.ts';
import type { JsonSchema } from './forms.ts';

/** The TypeScript type of a form's data: what the submit handler receives and the database row is made of. */
export async function typeDeclaration(schema: JsonSchema, typeName: string): Promise<string> {
  const forTypes = structuredClone(schema);
  delete forTypes.$id;
  forTypes.title = typeName;
  // A question some condition leaves out is optional, whatever its branch requires (form-model/conditions.ts).
  const conditional = conditionalQuestions(schema as ConditionalSchema);
  delete forTypes.allOf;
  const required = new Set(forTypes.required ?? []);
  for (const [field, def] of Object.entries(forTypes.properties ?? {})) {
    // Field labels become doc comments rather than type names (two forms may both have "Full Name").
    def.description = def.title;
    delete def.title;
    // oneOf const/title options become a union of their values.
    if (def.oneOf) {
      def.enum = def.oneOf.map((option) => option.const);
      delete def.oneOf;
    }
    // A default is filled in before submit, so the field is always present.
    if (def.default !== undefined && !conditional.has(field)) required.add(field);
  }
  forTypes.required = [...required];
  const ts = await compile(forTypes as never, typeName, { bannerComment: '', additionalProperties: false, strictIndexSignatures: true });
  return ts.trim();
}
