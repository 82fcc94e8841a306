import { diffStates, type Destructive } from './db-diff.ts';
import { desiredState, type DbState } from './db-state.ts';
import { SchemaProblem, type FormSource, type Registry, type SchemaOnlyForm } from './forms.ts';
import { problemAt } from './json-source.ts';

type Readable = FormSource | SchemaOnlyForm;

/** A loss, said where it was made: the form's schema (at the question, for a type change), or forms.json when a form is gone. */
export function lossProblem(loss: Destructive, forms: readonly Readable[], registry: Registry): SchemaProblem {
  const name = Object.entries(registry).find(([, entry]) => entry.table === loss.table)?.[0];
  const form = forms.find((f) => f.name === name);
  const at = loss.column ? form?.questionsAt?.get(loss.column) : undefined;
  if (loss.kind === 'type changed' && form && at) return problemAt(form.schema, [...at, 'type'], loss.reason);
  return new SchemaProblem(loss.kind === 'form removed' || !name ? 'schemas/forms.json' : `schemas/${name}.schema.json`, [], loss.reason);
}

/** How to keep the answers (first), and what the one command that deletes them deletes. */
export function keepAnswersAdvice(losses: readonly Destructive[]): string[] {
  const lost = losses.map((loss) => (loss.column ? `${loss.table}.${loss.column}` : `the table ${loss.table}`));
  return [
    'To keep those answers, put back what you removed (your editor\'s Undo, or `git diff schemas/` shows the lines that went). To stop asking a question and keep its answers, leave it in the schema and hide it: "ui:widget": "hidden" on it in the .ui.json file, and its name out of "required" (schemas/README.md, "Stop asking a question"). Ask a developer if something must move.',
    `Only if they may really be deleted for good, a developer runs \`npm run generate -- --allow-destructive\`, which deletes ${lost.join(', ')} and every answer in ${lost.length > 1 ? 'them' : 'it'}.`,
  ];
}

/**
 * What the schemas as they stand would delete, for a run that stops at other problems: said in the same
 * run, so that mending those does not lead to a refusal a run later (issue 38, 5). Only forms whose schema
 * has no problem of its own are compared; any other form (and a form whose schema cannot be read) counts
 * as unchanged, so nothing is said lost that the next run would not say. `pendingBefore`: the tables
 * before a migration no database has yet, which that run would rewrite rather than stack on; a loss
 * counts only if it is one against those tables too (a question added and removed again in a draft is none).
 */
export function lossesBeside(problems: readonly SchemaProblem[], forms: readonly Readable[], registry: Registry, state: DbState, pendingBefore: DbState | null): Destructive[] {
  const unsound = new Set(problems.map((p) => p.file));
  const sound = forms.filter((f) => !unsound.has(`schemas/${f.name}.schema.json`) && registry[f.name]);
  const claimed = new Set(Object.values(registry).map((entry) => entry.table));
  const desired = (before: DbState): DbState => ({
    ...Object.fromEntries(Object.entries(before).filter(([table]) => claimed.has(table))),
    ...desiredState(sound.map((f) => ({ name: f.name, schema: f.schema.json, entry: registry[f.name]!, steps: null })), before),
  });
  const key = (loss: Destructive) => `${loss.table}.${loss.column ?? ''}.${loss.kind}`;
  const losses = diffStates(state, desired(state)).destructive;
  if (!pendingBefore) return losses;
  const alsoBefore = new Set(diffStates(pendingBefore, desired(pendingBefore)).destructive.map(key));
  return losses.filter((loss) => alsoBefore.has(key(loss)));
}
