interface ManifestChunk {
  file: string;
  imports?: string[];
  dynamicImports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

const RUNTIME = 'src/app/islands/hydrate-island.tsx';
const EARLY_RUNTIME = 'src/app/islands/early-answers.ts';

/** A chunk and every chunk it imports statically, as the page's paths. */
function closure(manifest: Manifest, key: string, into = new Set<string>()): Set<string> {
  const chunk = manifest[key];
  if (!chunk || into.has(`/${chunk.file}`)) return into;
  into.add(`/${chunk.file}`);
  for (const imported of chunk.imports ?? []) closure(manifest, imported, into);
  return into;
}

/**
 * The files an island's start needs (decision 020): the islands' runtime, the island's module
 * (`src/features/<name>.island.tsx`), what they import, and the lazily loaded modules its props name
 * (the form island's `{ "form": "contact" }` loads src/generated/forms/contact.ts). The page lists them
 * so the loader fetches them in one go, instead of one round trip per level of imports.
 */
export function islandFiles(manifest: Manifest, island: string, props: Record<string, unknown>): string[] {
  const module = `src/features/${island}.island.tsx`;
  if (!manifest[module]) throw new Error(`The build has no chunk for the island "${island}" (${module}).`);
  return moduleFiles(manifest, RUNTIME, module, props);
}

/**
 * The files of an island's early answer (`src/features/<name>.early.ts`, decision 027), found the same
 * way, or none for an island without one.
 */
export function earlyAnswerFiles(manifest: Manifest, island: string, props: Record<string, unknown>): string[] {
  const module = `src/features/${island}.early.ts`;
  return manifest[module] ? moduleFiles(manifest, EARLY_RUNTIME, module, props) : [];
}

/**
 * A module loaded through `runtime`, with what both import and the lazily loaded modules the props name.
 * The runtime's own file comes first: the page's loader imports it by that address (src/loader/page-files.ts).
 */
function moduleFiles(manifest: Manifest, runtime: string, module: string, props: Record<string, unknown>): string[] {
  const files = closure(manifest, runtime);
  const own = closure(manifest, module);
  const named = new Set(Object.values(props).filter((value): value is string => typeof value === 'string'));
  for (const file of own) files.add(file);
  for (const chunk of Object.values(manifest)) {
    if (!own.has(`/${chunk.file}`)) continue;
    for (const lazy of chunk.dynamicImports ?? []) {
      if (named.has(lazy.replace(/^.*\//, '').replace(/\.[tj]sx?$/, ''))) closure(manifest, lazy, files);
    }
  }
  return [...files];
}

/** The page's island files, as the JSON block the loader reads (src/main.tsx), or '' for a page with no island. Files are under /assets/. */
export function islandFilesBlock(manifest: Manifest, page: string): string {
  const byIsland: Record<string, Set<string>> = {};
  const earlyByIsland: Record<string, Set<string>> = {};
  for (const [, name, props] of page.matchAll(/<div[^>]*data-island="([^"]+)"[^>]*data-props="([^"]*)"/g)) {
    const decoded = JSON.parse(props!.replaceAll('&quot;', '"').replaceAll('&amp;', '&').replaceAll('&#x27;', "'").replaceAll('&lt;', '<').replaceAll('&gt;', '>')) as Record<string, unknown>;
    const set = (byIsland[name!] ??= new Set());
    for (const file of islandFiles(manifest, name!, decoded)) set.add(file);
    for (const file of earlyAnswerFiles(manifest, name!, decoded)) (earlyByIsland[name!] ??= new Set()).add(file);
  }
  if (Object.keys(byIsland).length === 0) return '';
  // Each file once, each island as the numbers of its files: islands share most of theirs.
  const files = [...new Set([...Object.values(byIsland), ...Object.values(earlyByIsland)].flatMap((set) => [...set]))];
  const numbered = (sets: Record<string, Set<string>>) => Object.fromEntries(Object.entries(sets).map(([name, set]) => [name, [...set].map((file) => files.indexOf(file))]));
  const early = Object.keys(earlyByIsland).length ? { early: numbered(earlyByIsland) } : {};
  const json = JSON.stringify({ files: files.map((file) => file.replace(/^\/assets\//, '')), islands: numbered(byIsland), ...early });
  return `<script type="application/json" id="island-files">${json.replaceAll('<', '\\u003c')}</script>`;
}
