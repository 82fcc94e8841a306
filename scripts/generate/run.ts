import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { checkForm, checkRegistry } from './check-form.ts';
import { checkSchema } from './check/schema.ts';
import { databaseSourceHash, databaseTypesModule, recordedHash } from './database-types.ts';
import type { Destructive } from './db-diff.ts';
import { appliedMigrations } from '../../supabase/local/applied-migrations.ts';
import type { DraftReplacement } from '../../supabase/local/migrate.ts';
import { desiredState } from './db-state.ts';
import { editorSchemas } from './editor-schemas.ts';
import { checkShape, registryShape } from './check/file-shapes.ts';
import { checkResults } from './check/results.ts';
import { checkReplies } from './check/replies.ts';
import { formPagesModule, generatedFiles, hiddenQuestions } from './emit-files.ts';
import { placeholdersIn } from '../../form-model/reply-templates.ts';
import { readSchemas, SchemaProblem, strayFiles, type Registry } from './forms.ts';
import { keepAnswersAdvice, lossesBeside, lossProblem } from './losses.ts';
import { applyOptionLists } from './option-lists.ts';
import { applyNamedFormats } from './named-formats.ts';
import { planMigration, projectTables, readSnapshot, rewrittenMigrations, withdrawableMigration, type Snapshot } from './migrations.ts';
import { loadSiteFacts, type SiteFacts } from './site-config.ts';
import { keyedSteps, stepsFileText, type KeyedStep } from './step-keys.ts';
import type { FormStepSource } from '../../form-model/generated/form-files.ts';

export interface GenerateOptions {
  root: string;
  schemasDir: string;
  generatedDir: string;
  supabaseDir: string;
  /** Where the form knowledge the site, the generator and the edge function share lives (form-model/). */
  formModelDir: string;
  /** Where forms.json's "options" lists come from; site.config.ts in the project root unless given. */
  siteConfig?: string;
  /**
   * What site.config.ts says, for a caller that has it loaded already: tests under jsdom, where the
   * TypeScript loader (esbuild) cannot start. Read from `siteConfig` unless given.
   */
  siteFacts?: SiteFacts;
  /** Write nothing; fail when anything would be written. */
  check?: boolean;
  /** Confirms a change that drops a column or table, or changes a column's type. */
  allowDestructive?: boolean;
  /**
   * Also write generated/database.ts, the Database type read from the database the migrations build
   * (a few seconds, so only when a migration changed, or always with check). Off for engine tests on copies.
   */
  databaseTypes?: boolean;
  /**
   * The dev server's local database (decision 024): the drafts it applied this session, and how many
   * answers it holds where a rewritten draft would drop something. Such a draft is rewritten like one no
   * database has, unless answers use what it added; `draftReplacement` then says how the database follows.
   */
  localDraft?: { applied: ReadonlySet<string>; answersIn(losses: Destructive[]): Promise<string[]> };
}

export interface GenerateResult {
  ok: boolean;
  /** What was written (or, with check, would be): paths relative to the project. */
  written: string[];
  /** The new migration's file name, when one was written. */
  migration: string | null;
  /** What the run has to say, line by line: problems on failure, a summary and notes on success. */
  lines: string[];
  /** When a draft the local database applied was rewritten: what brings that database in step (`localDraft`). */
  draftReplacement?: DraftReplacement;
}

const DATABASE_TYPES = 'database.ts';

/** generated/database.ts as the migrations now make it: read again only when they changed, or when checking. */
async function currentDatabaseTypes(supabaseDir: string, file: string, check: boolean): Promise<string> {
  const existing = existsSync(file) ? readFileSync(file, 'utf8') : null;
  if (!check && existing && recordedHash(existing) === databaseSourceHash(supabaseDir)) return existing;
  return databaseTypesModule(supabaseDir);
}

function listFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => relative(dir, join(e.parentPath, e.name)));
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/**
 * Everything `npm run generate` does, callable from the build, `npm start` and the dev server's
 * watcher: check schemas/, then bring src/generated, the function's copies and supabase/migrations in
 * step with them, writing only files whose content changes (an up-to-date tree is left untouched).
 */
/** What the schemas would delete, said beside their other problems (losses.ts); nothing if that cannot be told yet. */
function lossesNow(problems: SchemaProblem[], forms: Parameters<typeof lossesBeside>[1], registry: Registry, migrationsDir: string, snapshot: Snapshot, localDrafts?: ReadonlySet<string>) {
  const pending = withdrawableMigration(migrationsDir, snapshot, localDrafts);
  try {
    return lossesBeside(problems, forms, registry, snapshot.state, pending ? (snapshot.last?.before ?? null) : null);
  } catch {
    // A declaration the checks refused can be one the database state cannot be drawn from: its run says it then.
    return [];
  }
}

export async function generate(options: GenerateOptions): Promise<GenerateResult> {
  const { root, schemasDir, generatedDir, supabaseDir, check = false, allowDestructive = false } = options;
  const fail = (lines: string[]): GenerateResult => ({ ok: false, written: [], migration: null, lines });

  const { registry, forms, schemaOnly, problems } = readSchemas(schemasDir);
  let siteName = '';
  if (registry && !problems.some((p) => p.file === registry.path)) {
    const siteConfig = options.siteConfig ?? join(root, 'site.config.ts');
    // site.config.ts imports the form routes this writes; a fresh tree has none yet, so they come first.
    const routes = join(generatedDir, 'form-pages.ts');
    const takesLists = Object.values(registry.json).some((entry) => entry?.options);
    const importedBySiteConfig = resolve(routes) === resolve(dirname(siteConfig), 'src', 'generated', 'form-pages.ts');
    if (importedBySiteConfig && !check && !existsSync(routes) && checkShape(registry, registryShape, 'schemas/forms.json').length === 0) {
      mkdirSync(generatedDir, { recursive: true });
      writeFileSync(routes, formPagesModule(registry.json));
    }
    const site = options.siteFacts ?? (await loadSiteFacts(siteConfig));
    if (!(site instanceof SchemaProblem)) siteName = site.name;
    const withSchemas = [...forms, ...schemaOnly];
    if (site instanceof SchemaProblem) problems.push(site);
    // Lists from site.config.ts become the questions' options first: everything after checks and uses them.
    else if (takesLists) problems.push(...applyOptionLists(registry, withSchemas, site));
    problems.push(...applyNamedFormats(withSchemas));
    // Each form's own files first: a mistake there often explains what forms.json then says about it.
    // forms.json is checked against the forms whose own files are right: a typo there would otherwise
    // be reported a second time, in forms.json, sending the reader to the wrong file.
    const sound = forms.filter((form) => {
      const own = checkForm(form, registry.json[form.name]);
      problems.push(...own);
      return own.length === 0;
    });
    // A form with a file that is not valid JSON still has its schema checked: one run says everything.
    for (const form of schemaOnly) problems.push(...checkSchema(form, registry.json[form.name]));
    const taken = { tables: projectTables(join(supabaseDir, 'migrations'), readSnapshot(join(supabaseDir, 'schema-snapshot.json')).state), paths: site instanceof SchemaProblem ? null : site.pagePaths };
    problems.push(...checkRegistry(registry, sound, taken));
    if (!(site instanceof SchemaProblem)) {
      for (const form of forms.filter((f) => f.results)) {
        const questions = sound.includes(form) ? form.schema.json.properties : form.questions;
        form.resultsRead = checkResults(form, registry.json[form.name], questions ?? {}, site.suggestions, problems) ?? undefined;
      }
    }
    for (const form of forms.filter((f) => f.replies)) {
      const questions = sound.includes(form) ? form.schema.json.properties : form.questions;
      form.repliesRead = checkReplies(form, registry.json[form.name], questions ?? {}, problems) ?? undefined;
    }
    for (const stray of strayFiles(schemasDir, registry.json)) {
      const form = stray.split('.')[0];
      problems.push(
        new SchemaProblem(
          `schemas/${stray}`,
          [],
          `belongs to no form listed in schemas/forms.json. For a new form, add its entry "${form}" to schemas/forms.json (README.md, "Adding a form"); for a file of another form, rename it to <that form>.schema.json, .ui.json, .messages.json, .steps.json, .results.json or .replies.json.`,
        ),
      );
    }
  }
  const migrationsDir = join(supabaseDir, 'migrations');
  const snapshotFile = join(supabaseDir, 'schema-snapshot.json');
  const snapshot = readSnapshot(snapshotFile);
  if (problems.length || !registry) {
    const losses = registry && !problems.some((p) => p.file === registry.path) ? lossesNow(problems, [...forms, ...schemaOnly], registry.json, migrationsDir, snapshot, options.localDraft?.applied) : [];
    problems.push(...losses.map((loss) => lossProblem(loss, [...forms, ...schemaOnly], registry!.json)));
    // In reading order: file by file, top to bottom (a stable sort keeps each line's problems as found).
    problems.sort((a, b) => a.file.localeCompare(b.file) || (a.line ?? 0) - (b.line ?? 0));
    return fail([
      `The schemas have ${plural(problems.length, 'problem')}; nothing was written:`,
      '',
      ...problems.map((p) => `  ✖ ${p.report.replaceAll('\n', '\n  ')}`),
      ...(losses.length ? ['', 'Some of them would delete answers visitors already sent.', ...keepAnswersAdvice(losses)] : []),
    ]);
  }

  const rewritten = rewrittenMigrations(migrationsDir, snapshot);
  if (rewritten.length) {
    return fail([
      'Migrations are append-only, but these changed or disappeared after they were written. Restore them (git checkout) and put the change in a new migration:',
      ...rewritten.map((file) => `  ✖ supabase/migrations/${file}`),
    ]);
  }
  // Each step keeps the key the funnel counts it by; a step without one gets one, written into its file.
  const stepsFiles = new Map<string, string>();
  for (const form of forms) {
    if (!form.steps) continue;
    const { steps, missing } = keyedSteps(form.steps.json as FormStepSource[]);
    form.steps.json = steps;
    if (missing) stepsFiles.set(join(schemasDir, `${form.name}.steps.json`), stepsFileText(steps));
  }
  const declared = forms.map((f) => ({ name: f.name, schema: f.schema.json, entry: registry.json[f.name]!, steps: (f.steps?.json as KeyedStep[] | undefined) ?? null }));
  let plan = planMigration(migrationsDir, snapshot, desiredState(declared, snapshot.state));
  // Schemas changed again before the last migration reached any database: rewrite it rather than stack
  // a second one on a change that never happened (a question added and removed, a migration that failed).
  const pending = plan.migration && withdrawableMigration(migrationsDir, snapshot, options.localDraft?.applied);
  // A draft the dev server's database applied is rewritten too, unless answers saved there use what it
  // added: the database then follows with the SQL that stacks on the draft (plan, before it is replanned).
  const stacked = plan;
  const appliedLocally = Boolean(pending && appliedMigrations(supabaseDir).has(pending));
  const heldByDraft = appliedLocally ? await options.localDraft!.answersIn(stacked.diff.destructive) : [];
  if (pending && !heldByDraft.length) plan = planMigration(migrationsDir, snapshot, desiredState(declared, snapshot.last!.before), new Date(), pending);
  const draftReplacement = pending && appliedLocally && plan !== stacked ? { sql: stacked.migration!.sql, withdrawn: pending, replacement: plan.migration?.file ?? null } : undefined;
  if (plan.diff.destructive.length && !allowDestructive) {
    const kept = heldByDraft.length ? [`supabase/migrations/${pending}, which \`npm run dev\` applied to your local database, is kept: ${heldByDraft.join(', ')} saved there since use what it added.`, ''] : [];
    return fail([
      'This schema change would delete answers visitors already sent, so nothing was written:',
      '',
      ...plan.diff.destructive.map((loss) => `  ✖ ${lossProblem(loss, forms, registry.json).report.replaceAll('\n', '\n  ')}`),
      '',
      ...kept,
      ...keepAnswersAdvice(plan.diff.destructive),
    ]);
  }

  // Everything this run would write, by absolute path; null deletes a generated file left over.
  const layoutsOut = join(options.formModelDir, 'generated');
  const editorOut = join(schemasDir, '.editor');
  const target = (path: string) =>
    path.startsWith('form-model/') ? join(layoutsOut, path.slice('form-model/'.length)) : path.startsWith('editor/') ? join(editorOut, path.slice('editor/'.length)) : join(generatedDir, path);
  const files = await generatedFiles(forms, registry.json, siteName);
  for (const [name, content] of editorSchemas()) files.set(`editor/${name}`, content);
  const changes = new Map<string, string | null>();
  for (const [path, content] of files) {
    const file = target(path);
    if (!existsSync(file) || readFileSync(file, 'utf8') !== content) changes.set(file, content);
  }
  const databaseFile = join(generatedDir, DATABASE_TYPES);
  // A new or withdrawn migration changes the database: its types are read once that is written (below).
  const migrationsChange = Boolean(plan.migration || plan.withdrawn);
  if (options.databaseTypes && !migrationsChange) {
    const content = await currentDatabaseTypes(supabaseDir, databaseFile, check);
    if (!existsSync(databaseFile) || readFileSync(databaseFile, 'utf8') !== content) changes.set(databaseFile, content);
  }
  const existing = [...listFiles(generatedDir), ...listFiles(layoutsOut).map((p) => `form-model/${p}`), ...listFiles(editorOut).map((p) => `editor/${p}`)];
  for (const path of existing) if (!files.has(path) && path !== DATABASE_TYPES) changes.set(target(path), null);
  for (const [file, content] of stepsFiles) changes.set(file, content);
  if (plan.withdrawn) changes.set(join(migrationsDir, plan.withdrawn), null);
  if (plan.migration) changes.set(join(migrationsDir, plan.migration.file), plan.migration.sql);
  if (!existsSync(snapshotFile) || readFileSync(snapshotFile, 'utf8') !== plan.snapshotText) changes.set(snapshotFile, plan.snapshotText);

  const shown = (file: string) => relative(root, file).replaceAll('\\', '/');
  const written = [...changes.keys()].map(shown);
  const notes = plan.diff.notes.map((note) => `  • ${note}`);

  if (check) {
    if (!written.length) return { ok: true, written: [], migration: null, lines: [`Everything generated is up to date with schemas/ (${plural(files.size, 'file')}, ${plural(forms.length, 'form')}).`] };
    return fail([
      'Generated files are out of date with schemas/. Run `npm run generate` and commit what it writes:',
      ...[...changes].map(([file, content]) => `  ${content === null ? 'extra: ' : existsSync(file) ? 'stale: ' : 'missing:'} ${shown(file)}`),
      ...(notes.length ? ['', 'The schemas changed since the last migration:', ...notes] : []),
    ]);
  }
  for (const [file, content] of changes) {
    if (content === null) rmSync(file);
    else {
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, content);
    }
  }
  if (options.databaseTypes && migrationsChange) {
    writeFileSync(databaseFile, await databaseTypesModule(supabaseDir));
    written.push(shown(databaseFile));
  }
  if (!written.length) return { ok: true, written, migration: null, lines: ['Everything is already up to date with schemas/: nothing was written.'] };
  // Not a mistake (answers sent before still have it), but a reply staff start from would read oddly.
  const emptyInReplies = forms.flatMap((form) => {
    const hidden = hiddenQuestions(form);
    return (form.repliesRead ?? []).flatMap((reply) =>
      [...new Set(placeholdersIn(`${reply.subject}\n${reply.body}`).names)]
        .filter((name) => hidden.includes(name))
        .map((name) => `  • schemas/${form.name}.replies.json: "${reply.title}" puts in {${name}}, which the form no longer asks: on new submissions nothing is there. Change the reply if it should not read so.`),
    );
  });
  const removed = [...changes].filter(([, content]) => content === null).map(([file]) => shown(file));
  const wrote = written.filter((w) => !removed.includes(w));
  return {
    ok: true,
    written,
    migration: plan.migration?.file ?? null,
    ...(draftReplacement && { draftReplacement }),
    lines: [
      ...(wrote.length ? [`Wrote ${plural(wrote.length, 'file')}:`, ...wrote.map((w) => `  ${w}`)] : []),
      ...(removed.length ? [`Removed ${plural(removed.length, 'file')}:`, ...removed.map((w) => `  ${w}`)] : []),
      ...(plan.withdrawn
        ? [
            '',
            draftReplacement
              ? `supabase/migrations/${plan.withdrawn} was a draft only your local database had (no commit holds it, no answer there used what it added), so it was withdrawn${plan.migration ? ' and this run\'s migration replaces it' : ': the tables are back to what they were before it'}; the local database follows.`
              : `supabase/migrations/${plan.withdrawn} had not reached any database (no local database applied it, no commit holds it), so it was withdrawn${plan.migration ? ' and this run\'s migration replaces it' : ': the tables are back to what the databases have'}.`,
          ]
        : []),
      ...(plan.migration
        ? ['', `The database changes with supabase/migrations/${plan.migration.file}. ${notes.length ? 'For the answers already saved:' : 'The answers already saved are unchanged.'}`, ...notes]
        : []),
      ...(emptyInReplies.length ? ['', 'Replies staff start from:', ...emptyInReplies] : []),
    ],
  };
}
