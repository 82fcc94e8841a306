import type { FormSource } from './forms.ts';
import { problemAt, type JsonPath, type SchemaProblem } from './json-source.ts';
import { didYouMean } from './check/suggest.ts';
import { NAMED_FORMATS } from '../../form-model/email-address.ts';

type Node = Record<string, unknown>;
const isNode = (value: unknown): value is Node => Boolean(value) && typeof value === 'object' && !Array.isArray(value);

/**
 * Writes each named rule (`"format": "email"`) into its question as the pattern it stands for, before
 * anything is checked or generated, so the browser, the function and the database's check all apply the
 * same rule, and its message (`"format"` in the messages file) becomes the pattern's. A question's
 * answers are checked by one rule of each kind: a named rule beside a "pattern" is refused.
 */
/** A form's schema, and its messages when they could be read (a form with a broken file has its schema checked alone). */
type FormWithSchema = Pick<FormSource, 'name' | 'schema'> & Partial<Pick<FormSource, 'messages'>>;

export function applyNamedFormats(forms: FormWithSchema[]): SchemaProblem[] {
  const problems: SchemaProblem[] = [];
  for (const form of forms) {
    const at = (path: JsonPath, sentence: string, target: 'key' | 'value' = 'value') => problems.push(problemAt(form.schema, path, sentence, target));
    const visit = (node: unknown, path: JsonPath) => {
      if (Array.isArray(node)) return node.forEach((item, i) => visit(item, [...path, i]));
      if (!isNode(node)) return;
      for (const [key, value] of Object.entries(node)) {
        if (key === 'properties' && isNode(value)) {
          for (const [field, def] of Object.entries(value)) {
            if (isNode(def) && 'format' in def) expand(form, field, def, [...path, key, field], at);
          }
        }
        visit(value, [...path, key]);
      }
    };
    visit(form.schema.json, []);
  }
  return problems;
}

function expand(form: FormWithSchema, field: string, def: Node, path: JsonPath, at: (path: JsonPath, sentence: string, target?: 'key' | 'value') => void) {
  const name = def.format;
  const known = Object.keys(NAMED_FORMATS);
  if (typeof name !== 'string' || !(name in NAMED_FORMATS)) {
    return at([...path, 'format'], `${JSON.stringify(name)} is not a named rule: the one there is is "email".${typeof name === 'string' ? didYouMean(name, known) : ''}`);
  }
  if (def.type !== 'string') return at([...path, 'format'], `"format": "${name}" checks text: the question needs "type": "string".`);
  if ('pattern' in def) return at([...path, 'pattern'], `"format": "${name}" already says what the answer must look like: remove this "pattern".`, 'key');
  def.pattern = NAMED_FORMATS[name];
  delete def.format;
  const own = (form.messages?.json.fields as Record<string, Node> | undefined)?.[field];
  if (isNode(own) && 'format' in own && !('pattern' in own)) {
    own.pattern = own.format;
    delete own.format;
  }
}
