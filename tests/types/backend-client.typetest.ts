/**
 * Checked by `npm run typecheck` (part of `npm test`), never run: the site's supabase-js client is typed
 * with the database the migrations make (src/generated/database.ts), so a wrong table, column or value
 * is a type error. Each `@ts-expect-error` fails the typecheck if the line below it ever compiles.
 */
import type { Backend } from '../../src/lib/backend/load';
import type { FormInserts } from '../../src/generated/form-inserts';

export async function probes(client: Backend, enrolment: FormInserts['course_enrolments']) {
  await client.from('contact_submissions').insert({ id: crypto.randomUUID(), name: 'Ana', email: 'ana@example.org', subject: 'Feedback', message: 'Hi' });
  await client.from('course_enrolments').insert(enrolment);
  // @ts-expect-error a misspelt answer: the table has no column "nmae"
  await client.from('contact_submissions').insert({ nmae: 'Ana', email: 'ana@example.org', subject: 'Feedback', message: 'Hi' });
  // @ts-expect-error a required answer left out
  await client.from('contact_submissions').insert({ name: 'Ana', subject: 'Feedback', message: 'Hi' });
  // @ts-expect-error a table that does not exist
  await client.from('contact_submission').select('*');
  const { data } = await client.from('staff_inbox').select('form, status').limit(1);
  const status: string | undefined = data?.[0]?.status;
  // @ts-expect-error staff set the workflow status, which is text, not a number
  await client.from('staff_inbox').update({ status: 3 }).eq('submission_id', 'x');
  // @ts-expect-error is_staff takes no arguments
  await client.rpc('is_staff', { user_id: 'x' });
  const staff: boolean | null = (await client.rpc('is_staff')).data;
  return { status, staff };
}
