import type { Backend } from '../../lib/backend/load';
import { display, questionTitle, type StaffForm } from './staff-forms';

/** The ranges the overview offers, in days. */
export const OVERVIEW_RANGES = [7, 30, 90] as const;
export type OverviewRange = (typeof OVERVIEW_RANGES)[number];

export interface OverviewDay {
  day: string;
  submissions: number;
  previous: number;
}

export interface AnswerCount {
  /** As the form shows it (an option's label), or null for "not answered" or "not asked". */
  label: string | null;
  /** As saved (the inbox filters by it), or null for "not answered" or "not asked". */
  value: string | null;
  /** false for the submissions whose answers did not ask the question (its condition did not hold). */
  asked: boolean;
  submissions: number;
}

export interface NumberSummary {
  field: string;
  title: string;
  answered: number;
  least: number | null;
  median: number | null;
  most: number | null;
  /**
   * Up to ten ranges, lowest first: of whole numbers with both ends included, or of decimals each reaching
   * the next one's start (the last including the most).
   */
  ranges: { low: number; high: number; submissions: number }[];
  /** What the form saves when the question is left empty (its schema's default), which counts as an answer here. */
  savedWhenEmpty: number | null;
}

export interface LatestTexts {
  field: string;
  title: string;
  answers: { submission: string; at: string; text: string }[];
}

export interface FunnelStep {
  /** The key the step is counted by ("sent" after the last one). */
  key: string;
  /** The step's title, or "Sent" after the last one. */
  title: string;
  /** A step the form no longer has, counted in the period: shown apart, never in the chart. */
  removed: boolean;
  visits: number;
  /** The visits that started the form on the days this step existed: what its share is of. */
  started: number;
  /** The range of seconds the median visit stayed on the step before moving on; null when none moved on. */
  median: { low: number; high: number | null } | null;
}

export interface Overview {
  days: OverviewDay[];
  /** Each choice question of the chosen form, in the form's order, with how often each answer was given. */
  questions: { field: string; title: string; answers: AnswerCount[] }[];
  numbers: NumberSummary[];
  texts: LatestTexts[];
  /** A wizard's steps, from the first to Sent; null for a one-page form or every form together. */
  funnel: FunnelStep[] | null;
}

/** The staff member's own time zone, so "today" is theirs. */
const timeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/** The questions answered by choosing (options, yes or no), whose answers can be counted. */
export function choiceQuestions(form: StaffForm): string[] {
  return form.order.filter((field) => {
    const definition = form.schema.properties?.[field];
    return Boolean(definition && (definition.oneOf || definition.enum || definition.type === 'boolean'));
  });
}

/** The questions answered with a number. */
export function numberQuestions(form: StaffForm): string[] {
  return form.order.filter((field) => ['integer', 'number'].includes(String(form.schema.properties?.[field]?.type)));
}

/** The questions answered in the visitor's own words: text with no options and no set format (an address, a phone number). */
export function textQuestions(form: StaffForm): string[] {
  return form.order.filter((field) => {
    const definition = form.schema.properties?.[field];
    return Boolean(definition && definition.type === 'string' && !definition.oneOf && !definition.enum && definition.const === undefined && !definition.format && !definition.pattern);
  });
}

async function readNumbers(client: Backend, form: StaffForm, field: string, days: OverviewRange, zone: string): Promise<NumberSummary> {
  const { data, error } = await client.rpc('staff_overview_numbers', { p_form: form.id, p_field: field, p_days: days, p_time_zone: zone });
  if (error) throw error;
  const row = data?.[0];
  const number = (value: unknown) => (value === null || value === undefined ? null : Number(value));
  return {
    field,
    title: questionTitle(form, field),
    answered: Number(row?.answered ?? 0),
    least: number(row?.least_value),
    median: number(row?.median),
    most: number(row?.most_value),
    ranges: ((row?.buckets ?? []) as { low: number; high: number; submissions: number }[]).map((r) => ({ low: Number(r.low), high: Number(r.high), submissions: Number(r.submissions) })),
    // A required question is never left empty, so its default never stands in for an answer.
    savedWhenEmpty: typeof form.schema.properties?.[field]?.default === 'number' && !(form.schema.required as string[] | undefined)?.includes(field) ? form.schema.properties[field].default : null,
  };
}

async function readTexts(client: Backend, form: StaffForm, field: string, days: OverviewRange, zone: string): Promise<LatestTexts> {
  const { data, error } = await client.rpc('staff_overview_texts', { p_form: form.id, p_field: field, p_days: days, p_time_zone: zone, p_limit: 5 });
  if (error) throw error;
  return { field, title: questionTitle(form, field), answers: (data ?? []).map((row) => ({ submission: row.submission_id, at: row.created_at, text: row.answer })) };
}

async function readFunnel(client: Backend, form: StaffForm, days: OverviewRange): Promise<FunnelStep[] | null> {
  if (!form.steps) return null;
  const { data, error } = await client.rpc('staff_overview_funnel', { p_form: form.id, p_days: days });
  if (error) throw error;
  return (data ?? []).map((row) => ({
    key: row.step,
    title: row.title,
    removed: row.step_position === null,
    visits: Number(row.visits),
    started: Number(row.started),
    median: row.median_low === null ? null : { low: row.median_low, high: row.median_high },
  }));
}

/** Every choice question's answers, counted in one pass over the form's submissions. */
async function readAnswers(client: Backend, form: StaffForm, days: OverviewRange, zone: string): Promise<Overview['questions']> {
  const fields = choiceQuestions(form);
  if (!fields.length) return [];
  const { data, error } = await client.rpc('staff_overview_answers', { p_form: form.id, p_fields: fields, p_days: days, p_time_zone: zone });
  if (error) throw error;
  return fields.map((field) => ({
    field,
    title: questionTitle(form, field),
    answers: (data ?? [])
      .filter((row) => row.field === field)
      .map((row) => ({ label: row.answer === null ? null : display(form, field, row.answer), value: row.answer, asked: row.asked !== false, submissions: Number(row.submissions) })),
  }));
}

async function readDays(client: Backend, form: StaffForm | null, days: OverviewRange, zone: string): Promise<OverviewDay[]> {
  const { data, error } = await client.rpc('staff_overview_days', { p_form: form?.id ?? undefined, p_days: days, p_time_zone: zone });
  if (error) throw error;
  return (data ?? []).map((row) => ({ day: row.day, submissions: Number(row.submissions), previous: Number(row.previous) }));
}

/**
 * The overview of one form (or of every form, with no question counts) over the last `days`, read by the
 * database (staff only): the choice questions in one request, each other question in one, all at once.
 */
export async function readOverview(client: Backend, form: StaffForm | null, days: OverviewRange): Promise<Overview> {
  const zone = timeZone();
  const each = <T>(fields: (f: StaffForm) => string[], read: (f: StaffForm, field: string) => Promise<T>) => Promise.all(form ? fields(form).map((field) => read(form, field)) : []);
  const [perDay, questions, numbers, texts, funnel] = await Promise.all([
    readDays(client, form, days, zone),
    form ? readAnswers(client, form, days, zone) : [],
    each(numberQuestions, (f, field) => readNumbers(client, f, field, days, zone)),
    each(textQuestions, (f, field) => readTexts(client, f, field, days, zone)),
    form ? readFunnel(client, form, days) : null,
  ]);
  return { days: perDay, questions, numbers, texts, funnel };
}
