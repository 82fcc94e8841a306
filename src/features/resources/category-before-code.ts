/**
 * A shared `/blog?category=…` shows that category from the first paint. The page is prerendered with All
 * chosen, and the hub's code takes a second or more to arrive; until then this script, run by the parser
 * right after the hub's island element, marks the named category's chip as chosen (its look and
 * `aria-pressed` taken from All's) and hides the other categories' cards. When the code arrives it renders
 * the same view, so nothing moves. A name no chip has, or a category with no cards, is left to the code.
 * Self-contained: it runs as its own source text, on /blog alone (a few hundred bytes; the loader every
 * page carries has no room for it).
 */
function showCategoryBeforeCode(script: HTMLScriptElement, param: string) {
  const named = new URLSearchParams(location.search).get(param);
  const hub = script.previousElementSibling!;
  const chips = [...hub.querySelectorAll<HTMLElement>('[aria-pressed]')];
  const chosen = chips.find((chip) => chip.textContent === named);
  const cards = [...hub.querySelectorAll<HTMLElement>('[data-category]')];
  const [all] = chips;
  if (!all || !chosen || chosen === all || !cards.some((card) => card.dataset.category === named)) return;
  const look = all.getAttribute('style')!;
  all.setAttribute('style', chosen.getAttribute('style')!);
  chosen.setAttribute('style', look);
  [all.dataset.variant, chosen.dataset.variant] = [chosen.dataset.variant, all.dataset.variant];
  all.setAttribute('aria-pressed', 'false');
  chosen.setAttribute('aria-pressed', 'true');
  // An inline style: the cards' own class sets their display.
  for (const card of cards) if (card.dataset.category !== named) card.style.display = 'none';
}

/** The script's text, for the page to put right after the hub's island (resources-page.tsx). */
export const categoryBeforeCode = (param: string) => `(${showCategoryBeforeCode.toString()})(document.currentScript,${JSON.stringify(param)})`;
