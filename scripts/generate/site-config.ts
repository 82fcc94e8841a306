import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import type { Suggestion } from '../../form-model/results.ts';
import type { FormOption } from './forms.ts';
import { SchemaProblem } from './json-source.ts';

/** What the checks of schemas/ read from site.config.ts. */
export interface SiteFacts {
  optionLists: Record<string, FormOption[]> | null;
  /** The site's own pages (not the forms'): a form's page cannot take their address. */
  pagePaths: Set<string>;
  /** The site's name (`site.name`), heading the copies of their answers senders receive. */
  name: string;
  /** The services, courses and resources a form's results may suggest, by address. */
  suggestions: Map<string, Suggestion>;
}

const SHOWN = 'site.config.ts';

/** site.config.ts, loaded fresh (the dev server regenerates after every edit). */
export async function loadSiteFacts(siteConfig: string): Promise<SiteFacts | SchemaProblem> {
  if (!existsSync(siteConfig)) return new SchemaProblem(SHOWN, [], 'is missing; the site and its forms are declared there.');
  try {
    // Loaded only when needed: esbuild (under tsx) refuses to start in a jsdom test environment.
    const { tsImport } = await import('tsx/esm/api');
    return siteFacts(await tsImport(`${pathToFileURL(siteConfig).href}?t=${Date.now()}`, import.meta.url));
  } catch (error) {
    return new SchemaProblem(SHOWN, [], `could not be loaded: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** The facts from site.config.ts's exports. */
export function siteFacts(config: { optionLists?: unknown; pages?: unknown; site?: unknown; services?: unknown; courses?: unknown; resources?: unknown }): SiteFacts {
  const pages = Array.isArray(config.pages) ? (config.pages as { path?: unknown; kind?: unknown }[]) : [];
  const listed = (list: unknown) => (Array.isArray(list) ? (list as Record<string, unknown>[]) : []);
  const suggestions = new Map<string, Suggestion>();
  const add = (kind: Suggestion['kind'], href: unknown, title: unknown, summary: unknown) => {
    if (typeof href === 'string') suggestions.set(href, { kind, title: String(title), summary: String(summary), href });
  };
  for (const service of listed(config.services)) add('Service', service.path, service.title, service.summary);
  for (const course of listed(config.courses)) add('Course', course.path, course.title, course.summary);
  for (const resource of listed(config.resources)) add('Resource', resource.to, resource.title, resource.description);
  return {
    suggestions,
    optionLists: config.optionLists && typeof config.optionLists === 'object' ? (config.optionLists as SiteFacts['optionLists']) : null,
    pagePaths: new Set(pages.filter((p) => p.kind !== 'form' && typeof p.path === 'string').map((p) => p.path as string)),
    name: String((config.site as { name?: unknown } | undefined)?.name ?? ''),
  };
}
