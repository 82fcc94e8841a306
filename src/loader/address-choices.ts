/**
 * Choices named by the page's address (`/enrol?course=strategic-leadership`), made in the page's own
 * fields as soon as the loader runs, before the visitor can reach them: the prerendered HTML was made for
 * the address without its query. Only a list's options take part (src/components/forms/prefill.ts says
 * the same for the form's code), each marked with its value by the widget (`data-choice`); a choice the
 * visitor already made stays.
 */
export function chooseFromAddress(): void {
  const query = new URLSearchParams(location.search);
  for (const select of document.querySelectorAll<HTMLSelectElement>('[data-island] select[data-question]')) {
    const option = [...select.options].find((o) => o.dataset.choice === query.get(select.dataset.question!));
    // The page chooses nothing (its first option says "Choose…"): anything else is the visitor's choice.
    if (option && select.selectedIndex <= 0) select.value = option.value;
  }
}
