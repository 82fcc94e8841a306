import { defineEarlyAnswer, islandStarted } from '../../components/early-answer';
import { clearProblemsInPage, problemsInPage, showProblemsInPage } from '../../components/forms/early-check';
import { formLoaders } from '../../generated/form-loaders';
import { addSiteStylesheet } from '../../lib/site-stylesheet';

/** Each waiting island's listener that keeps its shown problems up to date, removed at the hand-over. */
const watching = new Map<HTMLElement, () => void>();
const stopWatching = (island: HTMLElement) => {
  watching.get(island)?.();
  watching.delete(island);
};

/**
 * Send or Next pressed before the form's code arrived: its problems show at once, from the page
 * (decision 027). As in the form, a shown problem clears as soon as its field is fixed, and fields
 * not yet complained about stay quiet. An answer that passes every check shows nothing here: the held
 * submission is sent once the form's code has started.
 */
export default defineEarlyAnswer<{ form: string }>({
  async submitted(island, form, props) {
    const load = formLoaders[props.form];
    if (!load) return;
    // The site's stylesheet gives the invalid fields Mantine's error look; the page fetched both at its first paint.
    const [{ default: definition }] = await Promise.all([load(), addSiteStylesheet()]);
    if (islandStarted(island)) return;
    const problems = problemsInPage(form, definition);
    showProblemsInPage(form, definition, problems, { focus: true });
    stopWatching(island);
    if (problems.length === 0) return;
    const shown = new Set(problems.map((problem) => problem.field));
    const recheck = () => showProblemsInPage(form, definition, problemsInPage(form, definition).filter((problem) => shown.has(problem.field)), { focus: false });
    form.addEventListener('input', recheck);
    form.addEventListener('change', recheck);
    watching.set(island, () => {
      form.removeEventListener('input', recheck);
      form.removeEventListener('change', recheck);
    });
  },
  handOver(island) {
    stopWatching(island);
    clearProblemsInPage(island);
  },
});
