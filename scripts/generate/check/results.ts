import type { AnswerTest, Condition } from '../../../form-model/conditions.ts';
import type { FormResults, Suggestion } from '../../../form-model/results.ts';
import type { FormRegistryEntry } from '../../../form-model/generated/form-files.ts';
import type { FormSource } from '../forms.ts';
import { problemAt, type JsonPath, type SchemaProblem } from '../json-source.ts';
import { checkShape, resultsShape } from './file-shapes.ts';
import { isObject, readTest, type Field } from './conditions.ts';
import { didYouMean } from './suggest.ts';

/**
 * schemas/<form>.results.json (docs/decisions/041): its rules test answers the form has, with values they
 * can take, in the words of a conditional question's "if"; each suggests pages site.config.ts lists.
 * Returns the results as the site reads them (each page resolved to its title and summary), or null
 * with the problems reported.
 */
export function checkResults(form: FormSource, entry: FormRegistryEntry | undefined, questions: Record<string, Field>, pages: ReadonlyMap<string, Suggestion>, problems: SchemaProblem[]): FormResults | null {
  const file = form.results!;
  const before = problems.length;
  const shape = checkShape(file, resultsShape, 'a results file');
  problems.push(...shape);
  if (shape.length) return null;
  const problem = (at: JsonPath, sentence: string, target: 'key' | 'value' = 'value') => problems.push(problemAt(file, at, sentence, target));
  if (!entry?.page?.sent) problem([], `results are shown once the form is sent from its page: give "${form.name}" a "page" with "sent" in schemas/forms.json, or remove this file.`, 'key');

  const json = file.json as { title: string; intro: string; rules: { when: Record<string, unknown>; because: string; suggest: string[] }[]; otherwise?: { because: string; suggest: string[] } };
  const known = new Map(Object.entries(questions));
  const resolve = (list: string[], at: JsonPath): Suggestion[] =>
    list.flatMap((href, i) => {
      const page = pages.get(href);
      if (!page) problem([...at, i], `"${href}" is not a service, course or resource of site.config.ts.${didYouMean(href, pages.keys())}`);
      return page ? [page] : [];
    });

  const rules = json.rules.map((rule, i) => ({ when: readWhen(rule.when, ['rules', i, 'when'], known, problem), because: rule.because, suggest: resolve(rule.suggest, ['rules', i, 'suggest']) }));
  const otherwise = json.otherwise ? { because: json.otherwise.because, suggest: resolve(json.otherwise.suggest, ['otherwise', 'suggest']) } : null;
  return problems.length > before ? null : { title: json.title, intro: json.intro, rules, otherwise };
}

const EXAMPLE = '{ "properties": { "tech_readiness": { "const": "beginner" } }, "required": ["tech_readiness"] }';

/** A rule's "when": the answers it tests, each listed in "required" (a rule on an answer not given never holds). */
function readWhen(when: Record<string, unknown>, at: JsonPath, known: Map<string, Field>, problem: (at: JsonPath, sentence: string, target?: 'key' | 'value') => void): Condition {
  for (const key of Object.keys(when)) {
    if (!['properties', 'required', '$comment'].includes(key)) problem([...at, key], `"when" holds "properties" (the answers it tests) and "required" only, like ${EXAMPLE}; "${key}" is not read.`, 'key');
  }
  const named = isObject(when.properties) ? when.properties : {};
  if ('properties' in when && !isObject(when.properties)) problem([...at, 'properties'], '"properties" must be a {...} of the answers the rule tests.');
  const required = Array.isArray(when.required) && when.required.every((r) => typeof r === 'string') ? (when.required as string[]) : [];
  if ('required' in when && required !== when.required) problem([...at, 'required'], '"required" must be a list [...] of question names.');
  if (!Object.keys(named).length) problem(at, `"when" tests no answer, so the rule would hold for everyone: name one, like ${EXAMPLE}, or put these pages in "otherwise".`);
  const tests: Record<string, AnswerTest> = {};
  for (const [question, test] of Object.entries(named)) {
    const definition = known.get(question);
    if (!definition) {
      problem([...at, 'properties', question], `the rule tests "${question}", which is not a question of the form.${didYouMean(question, known.keys())}`, 'key');
      continue;
    }
    const read = readTest(question, definition, test, [...at, 'properties', question], problem);
    if (typeof read.minimum === 'number' && typeof read.maximum === 'number' && read.minimum > read.maximum) {
      problem([...at, 'properties', question], `no answer is at least ${read.minimum} and at most ${read.maximum}, so the rule could never hold.`);
    }
    if (read.const !== undefined && read.enum && !read.enum.includes(read.const)) problem([...at, 'properties', question], `${JSON.stringify(read.const)} is not in its "enum", so the rule could never hold: keep one of the two.`);
    tests[question] = read;
    if (!required.includes(question)) problem([...at, 'properties', question], `add "${question}" to the "required" of "when": a rule holds only for answers given.`, 'key');
  }
  required.forEach((question, i) => {
    if (!known.has(question)) problem([...at, 'required', i], `"${question}" is not a question of the form.${didYouMean(question, known.keys())}`);
  });
  return { properties: tests, required };
}
