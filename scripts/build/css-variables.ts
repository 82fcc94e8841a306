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
