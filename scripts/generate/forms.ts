import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/** One form as it stands in schemas/: the parsed files, each with the path it came from. */
export interface FormSource {
  name: string;
  schema: SourceFile<JsonSchema>;
  ui: SourceFile<Record<string, unknown>>;
  messages: SourceFile<Record<string, unknown>>;
  steps: SourceFile<unknown> | null;
}

export interface SourceFile<T> {
  path: string;
  json: T;
}

export interface JsonSchema {
  $id?: string;
  title?: string;
  type?: string;
  required?: string[];
  properties?: Record<string, JsonSchema & { oneOf?: { const?: unknown; title?: string }[]; enum?: unknown[]; default?: unknown }>;
  [keyword: string]: unknown;
}

/** How a form maps onto the database (schemas/forms.json). */
export interface FormRegistryEntry {
  type: string;
  /** The table a submission of this form is saved in, or null when it is not stored (sign-in). */
  table: string | null;
  /** Fields that never reach the table (the password goes to the auth service only). */
  exclude?: string[];
  /** The row belongs to a signed-in user: adds user_id referencing auth.users. */
  ownedByUser?: boolean;
  /** Staff are emailed each submission by send-form-notification under this formType. */
  notification?: { formType: string; replyTo: string };
}

export class SchemaProblem extends Error {
  constructor(
    readonly file: string,
    readonly at: string,
    readonly sentence: string,
  ) {
    super(`${file}${at ? ` at ${at}` : ''}: ${sentence}`);
  }
}

function readJson<T>(dir: string, file: string): SourceFile<T> {
  const path = join(dir, file);
  const text = readFileSync(path, 'utf8');
  try {
    return { path: `schemas/${file}`, json: JSON.parse(text) as T };
  } catch (error) {
    const detail = error instanceof Error ? error.message.replace(/^JSON\.parse: /, '') : String(error);
    throw new SchemaProblem(`schemas/${file}`, '', `is not valid JSON (${detail}). Check for a missing comma or quote near that spot.`);
  }
}

export function readRegistry(dir: string): SourceFile<Record<string, FormRegistryEntry>> {
  return readJson(dir, 'forms.json');
}

/** Reads every form listed in schemas/forms.json with its schema, UI, messages and optional steps. */
export function readForms(dir: string): FormSource[] {
  const registry = readRegistry(dir);
  return Object.keys(registry.json).map((name) => {
    for (const part of ['schema', 'ui', 'messages']) {
      if (!existsSync(join(dir, `${name}.${part}.json`))) {
        throw new SchemaProblem(registry.path, `/${name}`, `lists the form "${name}", but schemas/${name}.${part}.json does not exist.`);
      }
    }
    return {
      name,
      schema: readJson<JsonSchema>(dir, `${name}.schema.json`),
      ui: readJson<Record<string, unknown>>(dir, `${name}.ui.json`),
      messages: readJson<Record<string, unknown>>(dir, `${name}.messages.json`),
      steps: existsSync(join(dir, `${name}.steps.json`)) ? readJson<unknown>(dir, `${name}.steps.json`) : null,
    };
  });
}

/** Files in schemas/ that no form claims: usually a typo in a file name. */
export function strayFiles(dir: string, forms: FormSource[]): string[] {
  const known = new Set(['forms.json', 'README.md']);
  for (const f of forms) for (const part of ['schema', 'ui', 'messages', 'steps']) known.add(`${f.name}.${part}.json`);
  return readdirSync(dir).filter((file) => !known.has(file) && !file.startsWith('.'));
}
