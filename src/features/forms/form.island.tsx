import { Text } from '@mantine/core';
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { FormDefinition } from '../../components/forms/form-definition';
import { FormWizard } from '../../components/forms/form-wizard';
import { useQueryPrefill } from '../../components/forms/prefill';
import { SentNotice } from '../../components/forms/sent-notice';
import { SinglePageForm } from '../../components/forms/single-page-form';
import type { SubmitHandler } from '../../components/forms/use-submission';
import { defineIsland } from '../../components/island';
import { formLoaders } from '../../generated/form-loaders';
import { countStep } from '../../lib/backend/step-counter';
import { formSubmitter } from '../../lib/backend/submit-form';
import { useProfileAnswers } from './use-profile-answers';
import { useAccountDraft } from './account-draft';
import type { Answers } from '../../../form-model/conditions';

// What a sent form suggests loads once it is sent: nothing before a send pays for it.
const SentResults = lazy(() => import('./sent-results'));

/** Where a wizard keeps the visitor's draft between visits. */
export const draftKey = (form: FormDefinition) => `${form.id}-draft`;

/** A form of its page: a wizard when it has steps. Saving, emailing and toasts follow its declaration. */
function PageForm({ form }: { form: FormDefinition }) {
  // One submitter for the page's life: it remembers a saved submission whose email failed, so sending again adds no row.
  const submitter = useMemo(() => formSubmitter(form), [form]);
  // The answers just sent, while the sent notice shows (its results are chosen by them).
  const [sent, setSent] = useState<Answers | null>(null);
  const submit: SubmitHandler<Parameters<typeof submitter>[0]> = useCallback(
    async (data, context) => {
      const result = await submitter(data, context);
      if (result.reset) setSent(data as Answers);
      return result;
    },
    [submitter],
  );
  // The submission's proof of work is found while the visitor types: from their first step into the form
  // (or at once, if they were typing before the code arrived), never while the page loads.
  const root = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (root.current?.contains(document.activeElement)) submitter.prepare();
  }, [submitter]);
  const prefill = useQueryPrefill(form);
  const profile = useProfileAnswers(form);
  const draftStore = useAccountDraft(form.name);
  // Where visitors leave a wizard, counted anonymously for the staff overview (decision 031).
  const countSteps = useCallback((step: string, seconds: number | null, from: string | null) => countStep(form.name, step, seconds, from), [form.name]);
  const steps = form.steps;
  const notice = form.page?.sent ?? { title: form.toasts!.saved.title, body: form.toasts!.notified.description, again: 'Send another' };
  return (
    <>
      {sent && (
        <SentNotice {...notice} onAgain={() => setSent(null)}>
          {form.results && (
            <Suspense fallback={<Text size="sm">Finding what fits your answers…</Text>}>
              <SentResults load={form.results} answers={sent} />
            </Suspense>
          )}
        </SentNotice>
      )}
      {/* Hidden, not removed, while the notice shows: the form still empties itself and drops its draft. */}
      <div hidden={sent !== null} ref={root} onFocus={submitter.prepare}>
        {steps ? (
          <FormWizard form={{ ...form, steps }} onSubmit={submit} draftKey={draftKey(form)} draftStore={draftStore} prefill={prefill} profile={profile} onStep={countSteps} />
        ) : (
          <SinglePageForm form={form} onSubmit={submit} prefill={prefill} profile={profile} />
        )}
      </div>
    </>
  );
}

/** Each declared form, by its name in schemas/forms.json; its generated definition loads with it. */
export default defineIsland<{ form: string }>('forms/form', async ({ form }) => {
  const load = formLoaders[form];
  if (!load) throw new Error(`The form "${form}" is not in src/generated/form-loaders.ts: run npm run generate.`);
  return <PageForm form={(await load()).default} />;
});
