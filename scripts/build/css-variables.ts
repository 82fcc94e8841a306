import postcss, { type Declaration } from 'postcss';

const STYLE = /(<style[^>]*>)([\s\S]*?)(<\/style>)/g;
const VAR_USE = /var\(\s*(--[\w-]+)/g;

/** Every custom property a text refers to with var(). */
function referenced(text: string, into = new Set<string>()): Set<string> {
  for (const [, name] of text.matchAll(VAR_USE)) into.add(name!);
  return into;
}

/**
 * Drops the custom properties a page's inline CSS defines and nothing on the page uses: Mantine's
 * default and theme variables are some 400 declarations, of which a page uses a few dozen, and they made
 * up a third of each page's inline CSS (docs/decisions/020). What is kept: every property the page's
 * rules, its style attributes, `extraUses` (what joins the page later) or a kept property refer to. The
 * site stylesheet, which islands add before
 * they start and visitors without JavaScript get at once, still defines them all.
 */
export function pruneUnusedCustomProperties(html: string, extraUses = ''): string {
  const blocks = [...html.matchAll(STYLE)].map((match) => ({ whole: match[0], root: postcss.parse(match[2]!) }));
  const definitions: Declaration[] = [];
  // Uses outside any definition: the rules' declarations and the HTML's style attributes.
  const used = referenced(html.replace(STYLE, '') + extraUses);
  for (const { root } of blocks) {
    root.walkDecls((declaration) => {
      if (declaration.prop.startsWith('--')) definitions.push(declaration);
      else referenced(declaration.value, used);
    });
  }
  // A page-wide property defined again by a later or more specific page-wide rule (Mantine's defaults,
  // then the colour scheme's, then the theme's) never applies: it goes, and what it refers to is not kept for it.
  const winner = new Map<string, { declaration: Declaration; rank: number }>();
  for (const declaration of definitions) {
    const rank = pageWideRank(declaration);
    if (rank === null) continue;
    const current = winner.get(declaration.prop);
    if (current && current.rank > rank) {
      declaration.remove();
      continue;
    }
    current?.declaration.remove();
    winner.set(declaration.prop, { declaration, rank });
  }
  definitions.splice(0, definitions.length, ...definitions.filter((declaration) => declaration.parent));
  // A kept property keeps what its own value refers to.
  for (let grew = true; grew; ) {
    grew = false;
    for (const declaration of definitions) {
      if (!used.has(declaration.prop)) continue;
      for (const name of referenced(declaration.value)) if (!used.has(name)) grew = used.add(name) !== undefined;
    }
  }
  for (const declaration of definitions) if (!used.has(declaration.prop)) declaration.remove();
  let result = html;
  for (const { whole, root } of blocks) {
    root.walkRules((rule) => void (rule.nodes.length === 0 && rule.remove()));
    result = result.replace(whole, whole.replace(STYLE, (_, open: string, __: string, close: string) => `${open}${root.toString()}${close}`));
  }
  return result;
}

/**
 * How strongly a definition on the whole page applies: the page-wide selectors the site's CSS uses, by
 * specificity (`:root` < `:root[data-mantine-color-scheme=light]`), later ones winning ties; null for a
 * rule that applies to some elements only.
 */
function pageWideRank(declaration: Declaration): number | null {
  const rule = declaration.parent;
  // Inside @media or @supports, a definition applies only sometimes: it neither wins nor loses here.
  if (!rule || rule.type !== 'rule' || rule.parent?.type !== 'root') return null;
  const selectors = (rule as postcss.Rule).selectors.map((selector) => selector.replace(/\s+/g, ''));
  const root = selectors.filter((selector) => !selector.startsWith(':host'));
  if (root.length !== 1) return null;
  if (root[0] === ':root') return 1;
  if (root[0] === ':root[data-mantine-color-scheme=light]') return 2;
  return null;
}
