import { defineEarlyAnswer, islandStarted } from '../../components/early-answer';
import { clearProblemsInPage, firstControlOf, problemsInPage, showProblemsInPage } from '../../components/forms/early-check';
import { formLoaders } from '../../generated/form-loaders';
import { prepareStamp } from '../../lib/backend/stamps';

/** Each form's listeners that keep its shown problems up to date, removed when the form checks itself. */
const watching = new Map<HTMLFormElement, () => void>();
const stopWatching = (form: HTMLFormElement) => {
  watching.get(form)?.();
  watching.delete(form);
};

/**
 * Send or Next pressed before the form's code arrived: its problems show at once, from the page
 * (decision 027), and the loader moves the visitor to the first (decision 033). As in the form, a shown problem clears as
 * soon as its field is fixed, and fields not yet complained about stay quiet, before and after the
 * form's code takes over, until the form checks itself on its next Send or Next. An answer that passes
 * every check shows nothing here: the held submission is sent once the form's code has started.
 */
export default defineEarlyAnswer<{ form: string }>({
  async submitted(island, form, props) {
    const load = formLoaders[props.form];
    if (!load) return null;
    const { default: definition } = await load();
    if (islandStarted(island)) return null;
    const problems = problemsInPage(definition);
    stopWatching(form);
    showProblemsInPage(form, definition, problems);
    if (problems.length === 0) return null;
    const shown = new Set(problems.map((problem) => problem.field));
    const recheck = () => showProblemsInPage(form, definition, problemsInPage(definition).filter((problem) => shown.has(problem.field)));
    // The form's own check takes over from here: it runs on this event, after this listener.
    const handOver = () => {
      if (!islandStarted(island)) return;
      stopWatching(form);
      clearProblemsInPage(form);
    };
    form.addEventListener('input', recheck);
    form.addEventListener('change', recheck);
    form.addEventListener('submit', handOver);
    watching.set(form, () => {
      form.removeEventListener('input', recheck);
      form.removeEventListener('change', recheck);
      form.removeEventListener('submit', handOver);
    });
    return firstControlOf(form, definition, problems[0]!.field);
  },
  // The submission's proof of work takes seconds on a phone: it starts at the first touch, not when the form's code has arrived.
  touched(_island, props) {
    void formLoaders[props.form]?.().then(({ default: definition }) => {
      if (definition.table && definition.notification) prepareStamp(definition.table);
    });
  },
});
