/**
 * A public form's submission, as spec section 4 orders it: save the row; only if that worked, say so and
 * ask send-form-notification to email staff; clear the form only once the email went out.
 *
 * Sending again after a failed email must not save the row twice, so each submission carries an id made
 * in the browser: the second insert of the same data hits the primary key, which means "already saved".
 * If the visitor never sends again, the backend's sweep emails staff anyway. That id is also the row's
 * proof of work (a stamp, stamps.ts), which the database asks of every row visitors send.
 */
import type { FormDefinition } from '../../components/forms/form-definition';
import type { SubmitHandler } from '../../components/forms/use-submission';
import { prepareToasts, showToast, type Toast } from '../../components/toast';
import { isFormTable, type FormInserts, type FormTable } from '../../generated/form-inserts';
import { loadBackend } from './load';
import { correctClock, prepareStamp, takeStamp } from './stamps';
import { rememberSentSignedOut } from '../account/kept-submissions';

/** The form's toasts (schemas/forms.json "toasts"): failures are destructive and name the server's {error}. */
function toastsOf(form: FormDefinition) {
  const { toasts } = form;
  if (!toasts) throw new Error(`schemas/forms.json gives the ${form.id} form no "toasts".`);
  const failure = (toast: { title: string; description: string }) => (message: string): Toast => ({
    title: toast.title,
    description: toast.description.replaceAll('{error}', message),
    variant: 'destructive',
  });
  return { saved: toasts.saved, notified: toasts.notified, saveFailed: failure(toasts.saveFailed), notifyFailed: failure(toasts.notifyFailed) };
}

interface PostgrestErrorLike {
  code?: string;
  message: string;
  details?: string | null;
}

const DAY_MS = 24 * 60 * 60 * 1000;

const isAlreadySaved = (error: PostgrestErrorLike) => error.code === '23505' && /_pkey/.test(error.message);

/** The function's own explanation ({ error }) when it answered, else what the client says. */
async function functionMessage(error: Error & { context?: unknown }): Promise<string> {
  const response = error.context;
  if (response instanceof Response) {
    const body = (await response.json().catch(() => null)) as { error?: unknown } | null;
    if (typeof body?.error === 'string') return body.error;
  }
  return error.message;
}

export interface FormSubmitter<Data> extends SubmitHandler<Data> {
  /** The visitor started on the form: find the submission's stamp, and fetch what sending needs, while they type. */
  prepare(): void;
}

/** A form visitors send, saving into `Table`: its data is that table's insert (src/generated/form-inserts.ts) without the id. */
export function formSubmitter<Table extends FormTable = FormTable>(form: FormDefinition): FormSubmitter<Omit<FormInserts[Table], 'id'>> {
  const { table, notification } = form;
  if (!isFormTable(table) || !notification) throw new Error(`schemas/forms.json gives the ${form.id} form no table visitors may send to, or no notification.`);
  const texts = toastsOf(form);
  let pending: { data: string; id: string; at: number } | null = null;

  const submit: SubmitHandler<Omit<FormInserts[Table], 'id'>> = async (data, { bot }) => {
    if (bot) {
      // A filled honeypot: the bot sees exactly what a person would, and nothing is kept or sent.
      await showToast(texts.saved);
      await showToast(texts.notified);
      return { reset: true };
    }
    const key = JSON.stringify(data);
    let supabase;
    try {
      // Other answers than the saved ones are another submission: a new stamp, a new id. So is a retry a
      // day later: the stamp would have expired, and the sweep has emailed a row that was saved.
      // Downloaded while the stamp is found, if it is not ready yet; a failure is reported once awaited below.
      const backend = loadBackend();
      backend.catch(() => undefined);
      if (pending?.data !== key || Date.now() - pending.at > DAY_MS) pending = { data: key, id: await takeStamp(table), at: Date.now() };
      supabase = await backend;
    } catch (error) {
      await showToast(texts.saveFailed(error instanceof Error ? error.message : String(error)));
      return { reset: false };
    }
    // supabase-js types from() for one literal table; this one is chosen at run time. The row is that table's
    // insert all the same: FormInserts is checked against every table the migrations made (form-inserts.ts).
    const insert = (id: string) => supabase.from(table).insert({ id, ...data } as FormInserts[Table] as never);
    let { error: saveError } = await insert(pending.id);
    // A device whose clock is far off made a stamp the database refuses for its time; the refusal says the
    // database's time, and one stamp made on it is sent in its place (stamps.ts).
    if (saveError && correctClock((saveError as PostgrestErrorLike).details)) {
      pending = { data: key, id: await takeStamp(table), at: Date.now() };
      ({ error: saveError } = await insert(pending.id));
    }
    if (saveError && !isAlreadySaved(saveError)) {
      await showToast(texts.saveFailed(saveError.message));
      return { reset: false };
    }
    await showToast(texts.saved);
    // A visitor not signed in may keep it in an account later, from this browser (decision 041).
    if (!(await supabase.auth.getSession()).data.session) rememberSentSignedOut(pending.id);

    // The function emails the row saved under this id, never what the request says (decision 014).
    const { error: notifyError } = await supabase.functions.invoke('send-form-notification', {
      body: { payload: { id: pending.id, ...data }, formType: notification.formType },
    });
    if (notifyError) {
      await showToast(texts.notifyFailed(await functionMessage(notifyError)));
      return { reset: false };
    }
    pending = null;
    prepareStamp(table);
    await showToast(texts.notified);
    return { reset: true };
  };
  // While the visitor types: the stamp, the backend client and the toasts' code, so Send waits on the network alone.
  const prepare = () => {
    prepareStamp(table);
    loadBackend().catch(() => undefined);
    prepareToasts();
  };
  return Object.assign(submit, { prepare });
}
