import type { FormRegistryEntry, FormSource, Registry, SourceFile } from './forms.ts';
import { problemAt, type JsonPath, type SchemaProblem } from './json-source.ts';
import { checkShape, messagesShape, registryShape, stepsShape } from './check/file-shapes.ts';
import { checkSchema } from './check/schema.ts';
import { tableNameProblem } from './check/sql-names.ts';
import { didYouMean } from './check/suggest.ts';
import { checkUi } from './check/ui.ts';
import { LIMIT_KEYWORDS } from '../../form-model/default-messages.ts';
import { conditionalQuestions, rulesOf, type ConditionalSchema } from '../../form-model/conditions.ts';

const PLACEHOLDERS = ['title', 'name', 'step'];

interface Step {
  key?: string;
  title: string;
  fields: string[];
}

type Problem = (at: JsonPath, sentence: string, target?: 'key' | 'value') => void;

const reporter = (file: SourceFile<unknown>, problems: SchemaProblem[]): Problem => (at, sentence, target = 'value') => problems.push(problemAt(file, at, sentence, target));

function checkMessages(form: FormSource): SchemaProblem[] {
  const problems = checkShape(form.messages, messagesShape, 'a messages file');
  if (problems.length) return problems;
  const problem = reporter(form.messages, problems);
  const properties = form.schema.json.properties ?? {};
  const fields = Object.keys(properties);
  const json = form.messages.json as { required: { message: string }; fields?: Record<string, Record<string, { message: string }>> };
  const placeholders = (at: JsonPath, message: string, keyword?: string) => {
    const allowed = keyword && LIMIT_KEYWORDS.includes(keyword) ? [...PLACEHOLDERS, 'limit'] : PLACEHOLDERS;
    for (const [, placeholder] of message.matchAll(/\{(\w+)\}/g)) {
      if (allowed.includes(placeholder!)) continue;
      const limitHint = placeholder === 'limit' ? ' {limit} (the number) is filled in only in maxLength, minLength, minimum and maximum messages.' : '';
      problem([...at, 'message'], `uses {${placeholder}}, but only ${allowed.map((p) => `{${p}}`).join(', ')} can be filled in here.${limitHint || didYouMean(placeholder!, allowed)}`);
    }
  };
  placeholders(['required'], json.required.message);
  for (const [field, byKeyword] of Object.entries(json.fields ?? {})) {
    if (!fields.includes(field)) {
      problem(['fields', field], `has messages for "${field}", but the schema has no such field.${didYouMean(field, fields)}`, 'key');
      continue;
    }
    for (const [keyword, message] of Object.entries(byKeyword)) {
      if (keyword !== 'required' && keyword !== 'type' && properties[field]?.[keyword] === undefined) {
        problem(['fields', field, keyword], `has a "${keyword}" message, but "${field}" has no "${keyword}" rule in the schema.`, 'key');
      }
      placeholders(['fields', field, keyword], message.message, keyword);
    }
  }
  return problems;
}

function checkSteps(file: SourceFile<unknown>, fields: string[], schema: ConditionalSchema): SchemaProblem[] {
  const problems = checkShape(file, stepsShape, 'a steps file');
  if (problems.length) return problems;
  const problem = reporter(file, problems);
  const seen = new Map<string, number>();
  const keys = new Map<string, number>();
  (file.json as Step[]).forEach((step, i) => {
    if (step.key === 'sent') problem([i, 'key'], '"sent" is what the funnel calls a sent form; give this step another key.');
    else if (step.key !== undefined && keys.has(step.key)) problem([i, 'key'], `step ${keys.get(step.key)! + 1} already has the key "${step.key}"; each step needs its own (the funnel counts steps by it).`);
    if (step.key !== undefined) keys.set(step.key, i);
    step.fields.forEach((field, j) => {
      if (!fields.includes(field)) problem([i, 'fields', j], `step ${i + 1} lists "${field}", but the schema has no such field.${didYouMean(field, fields)}`);
      else if (seen.has(field)) problem([i, 'fields', j], `"${field}" is already in step ${seen.get(field)! + 1}; each field belongs to exactly one step.`);
      else seen.set(field, i);
    });
  });
  for (const field of fields) {
    if (!seen.has(field)) problem([], `"${field}" is in the schema but in no step, so visitors could never fill it in. Add it to the "fields" of a step.`);
  }
  if (problems.length) return problems;
  // A question a condition asks or requires comes no earlier than the answers the condition tests: a
  // visitor could otherwise pass its step before the condition holds, and never be asked it.
  const steps = file.json as Step[];
  for (const rule of rulesOf(schema)) {
    const tested = [...new Set([...rule.if.required, ...Object.keys(rule.if.properties)])];
    const last = Math.max(...tested.map((field) => seen.get(field)!));
    const decided = [...new Set([...Object.keys(rule.then.properties ?? {}), ...Object.keys(rule.else.properties ?? {}), ...(rule.then.required ?? []), ...(rule.else.required ?? [])])];
    for (const field of decided) {
      const at = seen.get(field)!;
      if (at >= last) continue;
      const by = tested.find((t) => seen.get(t) === last)!;
      problem([at, 'fields', steps[at]!.fields.indexOf(field)], `"${field}" is in step ${at + 1}, but whether it is asked or required depends on "${by}", in step ${last + 1}: move "${field}" to step ${last + 1} or a later one, so it is asked once the answer it depends on is given.`);
    }
  }
  return problems;
}

/** Every mistake in one form's files, each with file, line, column and a plain sentence. Empty when all is well. */
export function checkForm(form: FormSource, entry?: FormRegistryEntry): SchemaProblem[] {
  const schemaProblems = checkSchema(form, entry);
  if (!schemaProblems.length) {
    const fields = Object.keys(form.schema.json.properties ?? {});
    return [...checkUi(form), ...checkMessages(form), ...(form.steps ? checkSteps(form.steps, fields, form.schema.json as ConditionalSchema) : [])];
  }
  // One run says everything: the other files are checked against the questions the schema names, even
  // when its rules have problems (a question removed: its "required" entry and its "ui:order" entry at once).
  if (!form.questions) return schemaProblems;
  const named: FormSource = { ...form, schema: { ...form.schema, json: { type: 'object', properties: form.questions } } };
  const fields = Object.keys(form.questions);
  return [...schemaProblems, ...checkUi(named), ...checkMessages(named), ...(form.steps ? checkSteps(form.steps, fields, named.schema.json as ConditionalSchema) : [])];
}

/** A form's page, toasts and subject: what visitors and staff read around the questions. */
const NUMBER_WORDS = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve'];

/**
 * Page texts that count a wizard's steps ("Four short steps", "answer 4 sets of questions") must say
 * as many as its steps file has: a step added or removed would otherwise leave the page saying the old number.
 */
function stepCounts(problem: Problem, name: string, entry: FormRegistryEntry, steps: { all: number; always: number }) {
  const texts = Object.entries(entry.page ?? {}).filter((pair): pair is [string, string] => typeof pair[1] === 'string');
  for (const [key, text] of texts) {
    for (const match of text.matchAll(/\b(\w+)\s+(?:short\s+|quick\s+|simple\s+)?(steps|sets of questions|parts|stages)\b/gi)) {
      const said = /^\d+$/.test(match[1]!) ? Number(match[1]) : NUMBER_WORDS.indexOf(match[1]!.toLowerCase());
      // A step asked only sometimes (all its questions conditional) may be counted or not.
      if (said < 0 || (said >= steps.always && said <= steps.all)) continue;
      const word = NUMBER_WORDS[steps.all] ?? String(steps.all);
      // "Four short steps" becomes "Five short steps": the word keeps the capital it had.
      const right = /^\d+$/.test(match[1]!) ? String(steps.all) : /^[A-Z]/.test(match[1]!) ? word[0]!.toUpperCase() + word.slice(1) : word;
      const some = steps.always < steps.all ? ` (${steps.always} of them asked of everyone)` : '';
      problem([name, 'page', key], `says "${match[0]}", but schemas/${name}.steps.json has ${steps.all} steps${some}: write "${right}" instead of "${match[1]}".`);
    }
  }
}

function checkPage(registry: SourceFile<Registry>, name: string, entry: FormRegistryEntry, fields: string[], steps: { all: number; always: number } | null): SchemaProblem[] {
  const problems: SchemaProblem[] = [];
  const problem = reporter(registry, problems);
  if (steps) stepCounts(problem, name, entry, steps);
  const subject = entry.notification?.subject;
  for (const [, field] of subject?.matchAll(/\{(\w+)\}/g) ?? []) {
    if (!fields.includes(field!)) problem([name, 'notification', 'subject'], `names {${field}}, but schemas/${name}.schema.json has no such question.${didYouMean(field!, fields)}`);
  }
  if (entry.page && !entry.submittedBy) problem([name, 'page'], 'a form with its own page is one visitors send: add "submittedBy" and "notification".', 'key');
  if (entry.page && !entry.toasts) problem([name, 'page'], 'say what visitors read after sending: add "toasts" (saved, saveFailed, notified, notifyFailed).', 'key');
  if (entry.toasts && !entry.page) problem([name, 'toasts'], 'toasts are shown on the form\'s page: add its "page".', 'key');
  for (const [kind, toast] of Object.entries(entry.toasts ?? {})) {
    for (const [, placeholder] of `${toast.title} ${toast.description}`.matchAll(/\{(\w+)\}/g)) {
      const allowed = kind === 'saveFailed' || kind === 'notifyFailed';
      if (placeholder !== 'error' || !allowed) {
        problem([name, 'toasts', kind], allowed ? `uses {${placeholder}}, but only {error} (the server's explanation) can be filled in.` : `uses {${placeholder}}, but nothing is filled in after a success; only saveFailed and notifyFailed can name the {error}.`);
      }
    }
  }
  const linkedFrom = entry.page?.linkedFrom;
  if (linkedFrom && !Object.values(entry.options ?? {}).includes(linkedFrom)) {
    problem([name, 'page', 'linkedFrom'], `a page is linked from the entries of a list one of its questions offers; no question takes "${linkedFrom}" in "options".`);
  }
  return problems;
}

/** Names a form cannot take because the project already uses them. */
export interface TakenNames {
  /** Tables the project's own migrations make, with the file that makes each. */
  tables: ReadonlyMap<string, string>;
  /** The site's own page addresses (site.config.ts); null when it could not be read (reported elsewhere). */
  paths: ReadonlySet<string> | null;
}

/** Built files are served from /assets/: a page there would be hidden by them. */
const BUILT_FILES = '/assets';

function pathProblem(path: string, taken: TakenNames): string | null {
  if (path === BUILT_FILES || path.startsWith(`${BUILT_FILES}/`)) return `"${path}" is where the site's built files are served from, so no page can live there. Choose another address, like "/${path.split('/').pop()}-form".`;
  if (taken.paths?.has(path)) return `"${path}" is already a page of the site (site.config.ts); a form's page needs an address of its own, like "${path}-form".`;
  return null;
}

/** "fromProfile": each question named is this form's, takes text, and is filled from a question of the profile (the sign-up form's). */
function checkFromProfile(problem: Problem, registry: Registry, forms: FormSource[], name: string, form: FormSource, fromProfile: Record<string, string>) {
  const profileName = Object.keys(registry).find((other) => registry[other]?.ownedByUser && registry[other]?.table);
  if (!profileName) return problem([name, 'fromProfile'], 'no form makes a member\'s profile (a form with "ownedByUser" and a "table", like sign-up), so nothing can be filled in from one.', 'key');
  const profile = forms.find((f) => f.name === profileName);
  // A profile form with mistakes of its own is reported in its own files.
  if (!profile) return;
  const fields = form.schema.json.properties ?? {};
  const excluded = registry[profileName]?.exclude ?? [];
  const profileFields = Object.keys(profile.schema.json.properties ?? {}).filter((field) => !excluded.includes(field));
  for (const [field, from] of Object.entries(fromProfile)) {
    const question = fields[field];
    if (!question) {
      problem([name, 'fromProfile', field], `"${field}" is not a question of schemas/${name}.schema.json.${didYouMean(field, Object.keys(fields))}`, 'key');
    } else if (question.type !== 'string' || question.oneOf || question.enum) {
      problem([name, 'fromProfile', field], `"${field}" is not a free-text question; only those can be filled in from the profile.`, 'key');
    } else if (!profileFields.includes(from)) {
      problem([name, 'fromProfile', field], `"${from}" is not a question of the profile (schemas/${profileName}.schema.json) that is saved.${didYouMean(from, profileFields)}`);
    }
  }
}

/** Mistakes in schemas/forms.json: its shape, and what it says about each form's fields. */
export function checkRegistry(registry: SourceFile<Registry>, forms: FormSource[], taken: TakenNames): SchemaProblem[] {
  const problems = checkShape(registry, registryShape, 'schemas/forms.json');
  if (problems.length) return problems;
  const problem = reporter(registry, problems);
  const seen = { type: new Map<string, string>(), table: new Map<string, string>(), formType: new Map<string, string>(), path: new Map<string, string>(), ownedByUser: new Map<string, string>() };
  for (const [name, entry] of Object.entries(registry.json)) {
    const unique = (kind: keyof typeof seen, value: string | null | undefined, at: JsonPath) => {
      if (!value) return;
      if (seen[kind].has(value)) problem(at, `"${value}" is already used by the form "${seen[kind].get(value)}"; each form needs its own.`);
      seen[kind].set(value, name);
    };
    unique('type', entry.type, [name, 'type']);
    unique('table', entry.table, [name, 'table']);
    // One sign-up makes the account's profile: its trigger on auth.users cannot be renamed on hosted (decision 035).
    if (entry.ownedByUser) unique('ownedByUser', 'a profile made at sign-up', [name, 'ownedByUser']);
    const badTable = entry.table ? tableNameProblem(entry.table) : null;
    if (badTable) problem([name, 'table'], badTable);
    const madeBy = entry.table && taken.tables.get(entry.table);
    if (madeBy) problem([name, 'table'], `"${entry.table}" is a table the site already uses (made by supabase/migrations/${madeBy}); a form's answers need a table of their own, like "${name.replaceAll('-', '_')}_submissions".`);
    const badPath = entry.page?.path ? pathProblem(entry.page.path, taken) : null;
    if (badPath) problem([name, 'page', 'path'], badPath);
    unique('formType', entry.notification?.formType, [name, 'notification', 'formType']);
    unique('path', entry.page?.path, [name, 'page', 'path']);
    const form = forms.find((f) => f.name === name);
    if (!form) continue;
    const fields = Object.keys(form.schema.json.properties ?? {});
    (entry.exclude ?? []).forEach((field, i) => {
      if (!fields.includes(field)) problem([name, 'exclude', i], `"${field}" is not a field of schemas/${name}.schema.json.${didYouMean(field, fields)}`);
    });
    if (entry.notification) {
      const replyTo = entry.notification.replyTo;
      if (!fields.includes(replyTo)) problem([name, 'notification', 'replyTo'], `"${replyTo}" is not a field of schemas/${name}.schema.json; it must name the email question.${didYouMean(replyTo, fields)}`);
      else if (!(form.schema.json.required ?? []).includes(replyTo)) problem([name, 'notification', 'replyTo'], `"${replyTo}" must be a required question, so every notification has someone to reply to.`);
      if (!entry.table) problem([name, 'notification'], 'only a form whose answers are saved ("table") can notify staff.', 'key');
      for (const key of ['senderName', 'senderOrganization'] as const) {
        const field = entry.notification[key];
        if (field !== undefined && !fields.includes(field)) problem([name, 'notification', key], `"${field}" is not a field of schemas/${name}.schema.json.${didYouMean(field, fields)}`);
      }
      if (entry.notification.optIn) {
        // The confirm and unsubscribe links open the form's own page; the cap keeps the site from mailing one address over and over.
        if (!entry.page) problem([name, 'notification', 'optIn'], 'the confirm and unsubscribe links open the form\'s page: give the form a "page" with its "path".', 'key');
        if (entry.notification.copyToSender) problem([name, 'notification', 'optIn'], 'a form that asks to confirm the address sends that email instead of a copy: remove "copyToSender".', 'key');
        if (!entry.limits?.perAddressPerHour) problem([name, 'notification', 'optIn'], 'asking to confirm an address needs a cap on submissions from one address: add "limits": { "perAddressPerHour": 3 }, so no one can make the site email an address over and over.', 'key');
      }
      if (entry.notification.copyToSender) {
        // The copy says what happens next in the page's own words, and the cap keeps it from being aimed at one address.
        if (!entry.page?.sent) problem([name, 'notification', 'copyToSender'], 'the sender\'s copy is headed by the page\'s "sent" title and body: give the form a "page" with "sent".', 'key');
        if (!entry.limits?.perAddressPerHour) problem([name, 'notification', 'copyToSender'], 'a copy to the sender needs a cap on submissions from one address: add "limits": { "perAddressPerHour": 5 }, so no one can make the site email an address over and over.', 'key');
      }
    }
    if (entry.ownedByUser && !entry.table) problem([name, 'ownedByUser'], 'only a form whose answers are saved ("table") can belong to a user.', 'key');
    if (entry.fromProfile) checkFromProfile(problem, registry.json, forms, name, form, entry.fromProfile);
    // A form staff are told about is one visitors send: without this, every insert would be denied.
    if (entry.notification && !entry.submittedBy) problem([name, 'notification'], 'say who may send this form: add "submittedBy": ["anon", "authenticated"] (visitors and signed-in people).', 'key');
    if (entry.submittedBy && !entry.notification) problem([name, 'submittedBy'], 'only a form that notifies staff ("notification") can be sent by visitors; add its "notification".', 'key');
    if (entry.limits && !entry.submittedBy) problem([name, 'limits'], 'limits apply to a form visitors send; add "submittedBy".', 'key');
    const steps = Array.isArray(form.steps?.json) ? (form.steps.json as Step[]) : null;
    const conditional = conditionalQuestions(form.schema.json as ConditionalSchema);
    const counted = steps && { all: steps.length, always: steps.filter((step) => step.fields.some((field) => !conditional.has(field))).length };
    problems.push(...checkPage(registry, name, entry, fields, counted));
  }
  return problems;
}
