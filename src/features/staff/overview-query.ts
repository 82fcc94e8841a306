import type { Backend } from '../../lib/backend/load';
import { display, type StaffForm } from './staff-forms';

/** The ranges the overview offers, in days. */
export const OVERVIEW_RANGES = [7, 30, 90] as const;
export type OverviewRange = (typeof OVERVIEW_RANGES)[number];

export interface OverviewDay {
  day: string;
  submissions: number;
  previous: number;
}

export interface AnswerCount {
  /** As the form shows it (an option's label), or null for "not answered". */
  label: string | null;
  submissions: number;
}

export interface Overview {
  days: OverviewDay[];
  /** Each choice question of the chosen form, in the form's order, with how often each answer was given. */
  questions: { field: string; title: string; answers: AnswerCount[] }[];
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

async function readAnswers(client: Backend, form: StaffForm, field: string, days: OverviewRange, zone: string) {
  const { data, error } = await client.rpc('staff_overview_answers', { p_form: form.id, p_field: field, p_days: days, p_time_zone: zone });
  if (error) throw error;
  const answers = (data ?? []).map((row) => ({ label: row.answer === null ? null : display(form, field, row.answer), submissions: Number(row.submissions) }));
  return { field, title: String(form.schema.properties?.[field]?.title ?? field), answers };
}

async function readDays(client: Backend, form: StaffForm | null, days: OverviewRange, zone: string): Promise<OverviewDay[]> {
  const { data, error } = await client.rpc('staff_overview_days', { p_form: form?.id ?? undefined, p_days: days, p_time_zone: zone });
  if (error) throw error;
  return (data ?? []).map((row) => ({ day: row.day, submissions: Number(row.submissions), previous: Number(row.previous) }));
}

/** The overview of one form (or of every form, with no question counts) over the last `days`, read by the database (staff only). */
export async function readOverview(client: Backend, form: StaffForm | null, days: OverviewRange): Promise<Overview> {
  const zone = timeZone();
  const [perDay, questions] = await Promise.all([
    readDays(client, form, days, zone),
    Promise.all((form ? choiceQuestions(form) : []).map((field) => readAnswers(client, form!, field, days, zone))),
  ]);
  return { days: perDay, questions };
}
