import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { shell } from 'virtual:site-shell';
import type { ShellRoute } from '../config/site-shell';
import type { PageKind } from '../config/site-types';

type PageModule = { default: ComponentType };

/** Binds a page component to its props, so the router can render it without knowing them. */
function bind<P extends object>(Page: ComponentType<P>, props: P): PageModule {
  return { default: () => <Page {...props} /> };
}

function entryAt<T>(list: T[], key: (item: T) => string, path: string): T {
  const item = list.find((candidate) => key(candidate) === path);
  if (!item) throw new Error(`site.config.ts has a page at ${path} but no entry describing it.`);
  return item;
}

/** How each kind of page loads: its component and its copy arrive together, in their own chunks. */
// Pages that show services, courses or resources load site.config.ts with their own code.
const siteConfig = () => import('../../site.config');

const loaders: Record<PageKind, (page: ShellRoute) => Promise<PageModule>> = {
  home: async () => {
    const [page, content] = await Promise.all([import('../features/home/home-page'), import('../../content/home')]);
    return bind(page.default, { content: content.default });
  },
  about: async ({ heading }) => {
    const [page, content] = await Promise.all([import('../features/about/about-page'), import('../../content/about')]);
    return bind(page.default, { heading, content: content.default });
  },
  services: async ({ heading }) => {
    const [page, content] = await Promise.all([
      import('../features/services/services-page'),
      import('../../content/services-overview'),
    ]);
    return bind(page.default, { heading, content: content.default });
  },
  service: async ({ path }) => {
    const service = entryAt((await siteConfig()).services, (s) => s.path, path);
    const [page, content] = await Promise.all([import('../features/services/service-page'), service.content()]);
    return bind(page.default, { service, content: content.default });
  },
  courses: async ({ heading }) => {
    const [page, content] = await Promise.all([
      import('../features/courses/courses-page'),
      import('../../content/courses-overview'),
    ]);
    return bind(page.default, { heading, content: content.default });
  },
  course: async ({ path }) => {
    const course = entryAt((await siteConfig()).courses, (c) => c.path, path);
    if (!course.content) throw new Error(`${path} is an external course and has no page here.`);
    const [page, content] = await Promise.all([import('../features/courses/course-page'), course.content()]);
    return bind(page.default, { course: { ...course, content: course.content }, content: content.default });
  },
  resources: async ({ heading }) => bind((await import('../features/resources/resources-page')).default, { heading }),
  article: async ({ path }) => {
    const resource = entryAt((await siteConfig()).resources, (r) => r.to, path);
    if (!resource.content) throw new Error(`${path} is an external resource and has no page here.`);
    const [page, content] = await Promise.all([import('../features/resources/article-page'), resource.content()]);
    return bind(page.default, { resource: { ...resource, content: resource.content }, content: content.default });
  },
  contact: async ({ heading }) => bind((await import('../features/contact/contact-page')).default, { heading }),
  assessment: async ({ heading }) => bind((await import('../features/assessment/assessment-page')).default, { heading }),
};

export interface PageRoute {
  path: string;
  Page: LazyExoticComponent<ComponentType>;
}

/** One lazily loaded component per route in site.config.ts. */
export const pageRoutes: PageRoute[] = shell.routes.map((page) => ({ path: page.path, Page: lazy(() => loaders[page.kind](page)) }));

export const NotFoundPage = lazy(() => import('../features/not-found/not-found-page'));
