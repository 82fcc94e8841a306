/**
 * The forms as the site runs them: each generated definition (options from site.config.ts filled in),
 * with its schemas/forms.json entry. Tests iterate over these, so a new form is tested without a test edit.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FormRegistryEntry } from '../../scripts/generate/forms.ts';
import type { FormDefinition } from '../../src/components/forms/form-definition.ts';

const root = join(import.meta.dirname, '..', '..');
export const registry = JSON.parse(readFileSync(join(root, 'schemas', 'forms.json'), 'utf8')) as Record<string, FormRegistryEntry>;

export interface DeclaredForm {
  name: string;
  entry: FormRegistryEntry;
  definition: FormDefinition;
}

/** Every form of schemas/forms.json with its generated definition (src/generated/forms/<name>.ts). */
export const declaredForms: DeclaredForm[] = await Promise.all(
  Object.entries(registry).map(async ([name, entry]) => ({
    name,
    entry,
    definition: ((await import(`../../src/generated/forms/${name}.ts`)) as { default: FormDefinition }).default,
  })),
);

/** The forms visitors send (schemas/forms.json "submittedBy"): saved and emailed to staff. */
export type PublicForm = DeclaredForm & {
  entry: FormRegistryEntry & Required<Pick<FormRegistryEntry, 'notification'>>;
  table: string;
  replyTo: string;
};

export const publicForms: PublicForm[] = declaredForms
  .filter((f) => f.entry.submittedBy && f.entry.table && f.entry.notification)
  .map((f) => ({ ...f, table: f.entry.table!, replyTo: f.entry.notification!.replyTo }) as PublicForm);

/** The public forms with their own page and toasts: what the end-to-end journeys walk through. */
export type PageForm = PublicForm & { entry: Required<Pick<FormRegistryEntry, 'page' | 'toasts'>> };

export const pageForms = publicForms.filter((f): f is PageForm => Boolean(f.entry.page && f.entry.toasts));
