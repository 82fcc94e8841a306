import type { FormOption, FormSource, Registry, SourceFile } from './forms.ts';
import { problemAt, SchemaProblem } from './json-source.ts';
import type { SiteFacts } from './site-config.ts';
import { didYouMean } from './check/suggest.ts';

/** A list a form can offer: at least one option, each a non-empty stored value with a label, no value twice. */
function listProblem(name: string, list: unknown): string | null {
  if (!Array.isArray(list) || list.length === 0) return `optionLists.${name} is empty or not a list, so the question would offer nothing.`;
  const seen = new Set<string>();
  for (const option of list as Partial<FormOption>[]) {
    if (typeof option?.const !== 'string' || !option.const || typeof option.title !== 'string' || !option.title) {
      return `every entry of optionLists.${name} needs a "const" (the stored value) and a "title" (the label), both text.`;
    }
    if (seen.has(option.const)) return `optionLists.${name} offers "${option.const}" twice; each option needs its own value.`;
    seen.add(option.const);
  }
  return null;
}

/**
 * Puts each declared list into its question as `oneOf`, before anything is checked or generated, so
 * the browser, the types, the database check and the staff email all offer what site.config.ts lists.
 * A question that takes a list must not carry its own options: one source for each list.
 */
export function applyOptionLists(registry: SourceFile<Registry>, forms: Pick<FormSource, 'name' | 'schema'>[], site: SiteFacts): SchemaProblem[] {
  // A malformed "options" is reported by the shape check of forms.json; only well-formed ones are applied here.
  const declared = Object.entries(registry.json).filter(
    ([, entry]) => entry?.options && typeof entry.options === 'object' && !Array.isArray(entry.options) && Object.values(entry.options).every((v) => typeof v === 'string') && Object.keys(entry.options).length,
  );
  if (!declared.length) return [];
  const lists = site.optionLists;
  if (!lists) return [new SchemaProblem('site.config.ts', [], 'exports no "optionLists", but schemas/forms.json takes options from it.')];
  const problems: SchemaProblem[] = [];
  for (const [name, entry] of declared) {
    const form = forms.find((f) => f.name === name);
    if (!form) continue;
    for (const [field, listName] of Object.entries(entry.options!)) {
      const at = [name, 'options', field];
      const question = form.schema.json.properties?.[field];
      const names = Object.keys(lists);
      if (!question) {
        problems.push(problemAt(registry, at, `"${field}" is not a question of schemas/${name}.schema.json.${didYouMean(field, Object.keys(form.schema.json.properties ?? {}))}`, 'key'));
      } else if (!(listName in lists)) {
        problems.push(problemAt(registry, at, `site.config.ts has no option list "${listName}".${didYouMean(listName, names)} Lists: ${names.join(', ')}.`));
      } else if (question.type !== 'string') {
        problems.push(problemAt(form.schema, ['properties', field, 'type'], `"${field}" takes its options from site.config.ts, whose values are text: make it "type": "string".`));
      } else if (question.oneOf || question.enum) {
        problems.push(problemAt(form.schema, ['properties', field, question.oneOf ? 'oneOf' : 'enum'], `"${field}" takes its options from site.config.ts (schemas/forms.json "options"), so it lists none itself: remove these.`, 'key'));
      } else {
        const problem = listProblem(listName, lists[listName]);
        if (problem) problems.push(new SchemaProblem('site.config.ts', [], problem));
        else question.oneOf = lists[listName]!.map(({ const: value, title }) => ({ const: value, title }));
      }
    }
  }
  return problems;
}
