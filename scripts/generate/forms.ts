import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { FormRegistryEntry } from '../../form-model/generated/form-files.ts';
import type { FormResults } from '../../form-model/results.ts';
import type { ReplyTemplate } from '../../form-model/reply-templates.ts';
import { problemAt, readJsonSource, SchemaProblem, type JsonPath, type SourceFile } from './json-source.ts';

export { SchemaProblem, type SourceFile } from './json-source.ts';

/** One form as it stands in schemas/: the parsed files, each with the path and text it came from. */
export interface FormSource {
  name: string;
  schema: SourceFile<JsonSchema>;
  ui: SourceFile<Record<string, unknown>>;
  messages: SourceFile<Record<string, unknown>>;
  steps: SourceFile<unknown> | null;
  /** What the form suggests once sent (schemas/<form>.results.json), or null when it has no such file. */
  results: SourceFile<unknown> | null;
  /** The results as the site reads them, once checked against the questions and site.config.ts (check/results.ts). */
  resultsRead?: FormResults;
  /** The replies staff start from (schemas/<form>.replies.json), or null when it has no such file. */
  replies: SourceFile<unknown> | null;
  /** The replies once checked against the questions (check/replies.ts). */
  repliesRead?: ReplyTemplate[];
  /**
   * Where each question is written in the schema file (a branch's questions are inside its condition),
   * once the schema passed its checks; the schema's json is then in its canonical shape (check/conditions.ts).
   */
  questionsAt?: Map<string, JsonPath>;
  /**
   * Every question the schema names (a branch's too), with its definition, as far as the schema could be
   * read even when it has problems: the other files are checked against them in the same run.
   */
  questions?: Record<string, JsonSchema>;
}

export interface JsonSchema {
  $id?: string;
  title?: string;
  type?: string;
  required?: string[];
  properties?: Record<string, JsonSchema & { oneOf?: { const?: unknown; title?: string }[]; enum?: unknown[]; default?: unknown }>;
  [keyword: string]: unknown;
}

/** How a form maps onto the database and the site (schemas/forms.json), as the file's shape declares it. */
export type { FormRegistryEntry } from '../../form-model/generated/form-files.ts';
export type Registry = Record<string, FormRegistryEntry>;

/** An option as forms store and show it. */
export interface FormOption {
  const: string;
  title: string;
}

export interface SchemasRead {
  registry: SourceFile<Registry> | null;
  forms: FormSource[];
  /** Forms whose schema could be read but another of whose files could not: their schema is still checked. */
  schemaOnly: SchemaOnlyForm[];
  /** Files that could not be read (bad JSON, missing file): the rest is still read, so all are reported at once. */
  problems: SchemaProblem[];
}

/** What checking a form's schema on its own needs (check/schema.ts). */
export type SchemaOnlyForm = Pick<FormSource, 'name' | 'schema' | 'questions' | 'questionsAt'>;

const PARTS = ['schema', 'ui', 'messages'] as const;

/** Reads schemas/forms.json and every form it lists; reports every unreadable file, not just the first. */
export function readSchemas(dir: string): SchemasRead {
  const problems: SchemaProblem[] = [];
  const read = <T>(file: string): SourceFile<T> | null => {
    const result = readJsonSource<T>(join(dir, file), `schemas/${file}`);
    problems.push(...result.problems);
    return result.file;
  };
  if (!existsSync(join(dir, 'forms.json'))) {
    return { registry: null, forms: [], schemaOnly: [], problems: [new SchemaProblem('schemas/forms.json', [], 'is missing: it lists the forms and the table each one fills.')] };
  }
  const registry = read<Registry>('forms.json');
  const forms: FormSource[] = [];
  const schemaOnly: SchemaOnlyForm[] = [];
  const names = registry && registry.json && typeof registry.json === 'object' && !Array.isArray(registry.json) ? Object.keys(registry.json) : [];
  for (const name of names) {
    const missing = PARTS.filter((part) => !existsSync(join(dir, `${name}.${part}.json`)));
    for (const part of missing) {
      problems.push(problemAt(registry!, [name], `lists the form "${name}", but schemas/${name}.${part}.json does not exist.`, 'key'));
    }
    if (missing.length) continue;
    const schema = read<JsonSchema>(`${name}.schema.json`);
    const ui = read<Record<string, unknown>>(`${name}.ui.json`);
    const messages = read<Record<string, unknown>>(`${name}.messages.json`);
    const steps = existsSync(join(dir, `${name}.steps.json`)) ? read<unknown>(`${name}.steps.json`) : null;
    const stepsBroken = existsSync(join(dir, `${name}.steps.json`)) && !steps;
    const results = existsSync(join(dir, `${name}.results.json`)) ? read<unknown>(`${name}.results.json`) : null;
    const resultsBroken = existsSync(join(dir, `${name}.results.json`)) && !results;
    const replies = existsSync(join(dir, `${name}.replies.json`)) ? read<unknown>(`${name}.replies.json`) : null;
    const repliesBroken = existsSync(join(dir, `${name}.replies.json`)) && !replies;
    if (schema && ui && messages && !stepsBroken && !resultsBroken && !repliesBroken) forms.push({ name, schema, ui, messages, steps, results, replies });
    else if (schema) schemaOnly.push({ name, schema });
  }
  return { registry, forms, schemaOnly, problems };
}

/** Files in schemas/ that no form claims: usually a typo in a file name. */
export function strayFiles(dir: string, registry: Registry): string[] {
  const known = new Set(['forms.json', 'README.md']);
  for (const name of Object.keys(registry)) for (const part of ['schema', 'ui', 'messages', 'steps', 'results', 'replies']) known.add(`${name}.${part}.json`);
  return readdirSync(dir).filter((file) => !known.has(file) && !file.startsWith('.'));
}

/** For tests and tools that need the forms of a tree known to be valid. */
export function readForms(dir: string): FormSource[] {
  const { forms, problems } = readSchemas(dir);
  if (problems.length) throw problems[0]!;
  return forms;
}

export function readRegistry(dir: string): SourceFile<Registry> {
  const { registry, problems } = readSchemas(dir);
  if (problems.length || !registry) throw problems[0]!;
  return registry;
}
