import type { footer, nav, site } from '../../site.config';
import type { PageEntry, PageKind, SitePath } from './site-types';

export interface ShellRoute {
  path: SitePath;
  kind: PageKind;
  /** For kind 'form': the form's name in schemas/forms.json. */
  form?: string;
  heading: string;
  /** The full document title. */
  title: string;
  private?: true;
}

/** What the header, footer and router need on every page: a small projection of site.config.ts. */
export interface SiteShell {
  site: Pick<typeof site, 'name' | 'shortName' | 'email'>;
  nav: typeof nav;
  footer: typeof footer;
  routes: ShellRoute[];
}

export function documentTitle(page: Pick<PageEntry, 'path' | 'title'>, siteName: string): string {
  return page.path === '/' ? `${siteName} | ${page.title}` : `${page.title} | ${siteName}`;
}

/**
 * Runs at build time (see scripts/vite/site-shell-plugin.ts). Service, course and resource tables
 * stay out of the shell: pages that show them load site.config.ts with their own code.
 */
export function projectShell(config: {
  site: typeof site;
  nav: typeof nav;
  footer: typeof footer;
  pages: PageEntry[];
}): SiteShell {
  const { name, shortName, email } = config.site;
  return {
    site: { name, shortName, email },
    nav: config.nav,
    footer: config.footer,
    routes: config.pages.map((p) => ({
      path: p.path,
      kind: p.kind,
      ...(p.form ? { form: p.form } : {}),
      heading: p.heading,
      title: documentTitle(p, name),
      ...(p.private ? { private: true as const } : {}),
    })),
  };
}
