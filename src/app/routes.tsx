import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { shell } from 'virtual:site-shell';
import type { ShellRoute } from '../config/site-shell';
import type { PageKind } from '../config/site-types';
import { formLoaders } from '../generated/form-loaders';

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

// Pages that show services, courses or resources load site.config.ts with their own code. Each names
// the export it uses, so the bundler can leave the rest of the config (build-time page heads) out.

/** A page whose copy is one module in content/: both download in parallel. */
function withCopy<C>(
  page: () => Promise<{ default: ComponentType<{ heading: string; content: C }> }>,
  copy: () => Promise<{ default: C }>,
) {
  return async ({ heading }: ShellRoute) => {
    const [component, content] = await Promise.all([page(), copy()]);
    return bind(component.default, { heading, content: content.default });
  };
}

/** How each kind of page loads: its component and its copy arrive together, in their own chunks. */
const loaders: Record<PageKind, (page: ShellRoute) => Promise<PageModule>> = {
  home: withCopy(() => import('../features/home/home-page'), () => import('../../content/home')),
  about: withCopy(() => import('../features/about/about-page'), () => import('../../content/about')),
  services: withCopy(() => import('../features/services/services-page'), () => import('../../content/services-overview')),
  courses: withCopy(() => import('../features/courses/courses-page'), () => import('../../content/courses-overview')),
  service: async ({ path }) => {
    const { services } = await import('../../site.config');
    const service = entryAt(services, (s) => s.path, path);
    const [page, content] = await Promise.all([import('../features/services/service-page'), service.content()]);
    return bind(page.default, { service, content: content.default });
  },
  course: async ({ path }) => {
    const { courses } = await import('../../site.config');
    const course = entryAt(courses, (c) => c.path, path);
    if (course.content === null) throw new Error(`${path} is an external course and has no page here.`);
    const [page, content] = await Promise.all([import('../features/courses/course-page'), course.content()]);
    return bind(page.default, { course, content: content.default });
  },
  resources: async ({ heading }) => bind((await import('../features/resources/resources-page')).default, { heading }),
  article: async ({ path }) => {
    const { resources } = await import('../../site.config');
    const resource = entryAt(resources, (r) => r.to, path);
    if (resource.content === null) throw new Error(`${path} is an external resource and has no page here.`);
    const [page, content, about] = await Promise.all([import('../features/resources/article-page'), resource.content(), import('../../content/about')]);
    const author = about.default.consultants.find((c) => c.name === resource.author);
    if (!author) throw new Error(`${path} names "${resource.author}" as its author, who is not a consultant in content/about.ts.`);
    return bind(page.default, { resource, content: content.default, author });
  },
  form: async ({ path, form, heading }) => {
    const load = form ? formLoaders[form] : undefined;
    if (!load) throw new Error(`${path} shows the form "${form}", which src/generated/form-loaders.ts does not know: run npm run generate.`);
    const [page, definition] = await Promise.all([import('../features/forms/form-page'), load()]);
    return bind(page.default, { heading, form: definition.default });
  },
  staff: async ({ heading }) => bind((await import('../features/staff/staff-page')).default, { heading }),
  account: async ({ heading }) => bind((await import('../features/account/account-page')).default, { heading }),
};

export interface PageRoute {
  path: string;
  kind: PageKind;
  Page: LazyExoticComponent<ComponentType>;
}

/** One lazily loaded component per route in site.config.ts. */
export const pageRoutes: PageRoute[] = shell.routes.map((page) => ({ path: page.path, kind: page.kind, Page: lazy(() => loaders[page.kind](page)) }));

export const NotFoundPage = lazy(() => import('../features/not-found/not-found-page'));
