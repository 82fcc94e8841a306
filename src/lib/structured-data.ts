/**
 * The schema.org data of each page (JSON-LD), derived from site.config.ts and written into the prerendered
 * <head> by the build: the organization on every page, and the page's own service, course or article with
 * its breadcrumbs (on /courses, the list of courses). Typed with schema-dts, so a property schema.org does not have fails the typecheck.
 * Only the build imports this: no page's code in the browser carries it.
 */
import type { Article, BreadcrumbList, Course, Graph, ItemList, Organization, Service, Thing, WebSite } from 'schema-dts';
import about from '../../content/about';
import { courses, footer, pages, paths, resources, services, site } from '../../site.config';
import { consultantPath } from '../config/consultant-anchor';
import type { InternalCourse, InternalResource, PageEntry } from '../config/site-types';
import { articleDate } from './article-date';
import { logoPath, shareImagePath, shareImageSize } from './published-files';

const organizationId = (origin: string) => `${origin}/#organization`;

/**
 * The organization, in full on every page (issue 42): name, web address, logo, description, contact point
 * and the footer's social profiles, under one @id. It fits every page's one round trip since each page
 * carries its policy as a meta (decision 054; decision 051 had it on the home page alone).
 */
function organization(origin: string): Organization {
  return {
    '@type': 'Organization',
    '@id': organizationId(origin),
    name: site.name,
    url: `${origin}/`,
    // A square PNG of 512 px (Google asks for 112 px or more): scripts/build/share-images.tsx draws it.
    logo: `${origin}${logoPath}`,
    description: site.description,
    contactPoint: { '@type': 'ContactPoint', contactType: 'customer service', email: site.email, url: `${origin}${paths.contact}` },
    sameAs: footer.socials.map((s) => s.to),
  };
}

function website(origin: string): WebSite {
  return { '@type': 'WebSite', '@id': `${origin}/#website`, name: site.name, url: `${origin}/`, publisher: { '@id': organizationId(origin) } };
}

const shareImage = (origin: string, path: string) => `${origin}${shareImagePath(path)}`;

/** Home › section › page on a nested page (/services/…, /courses/…, /blog/…), from the path's parents that are pages. */
function breadcrumbs(page: PageEntry, origin: string): BreadcrumbList | null {
  const segments = page.path.split('/').slice(1);
  if (segments.length < 2) return null;
  const trail = [pages.find((p) => p.path === '/')!];
  for (let i = 1; i < segments.length; i++) {
    const parent = pages.find((p) => p.path === `/${segments.slice(0, i).join('/')}`);
    if (parent) trail.push(parent);
  }
  trail.push(page);
  return {
    '@type': 'BreadcrumbList',
    itemListElement: trail.map((p, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      // Sections by their short title (Tools & Info); the page itself by its heading, as it reads on the page.
      name: p.path === '/' ? 'Home' : i === trail.length - 1 ? p.heading : p.title,
      item: `${origin}${p.path === '/' ? '/' : p.path}`,
    })),
  };
}

function serviceData(page: PageEntry, origin: string): Service | null {
  const service = services.find((s) => s.path === page.path);
  if (!service) return null;
  return {
    '@type': 'Service',
    name: service.title,
    description: service.summary,
    serviceType: 'Consulting',
    ...(service.group ? { category: service.group } : {}),
    url: `${origin}${service.path}`,
    image: shareImage(origin, service.path),
    provider: { '@id': organizationId(origin) },
    areaServed: 'US',
  };
}

/** /courses as Google's course list (a summary page): each course with a page and its own Course data here, in site.config.ts's order. */
function courseList(page: PageEntry, origin: string): ItemList | null {
  if (page.kind !== 'courses') return null;
  const listed = courses.filter((c): c is InternalCourse => c.content !== null);
  return { '@type': 'ItemList', itemListElement: listed.map((course, i) => ({ '@type': 'ListItem', position: i + 1, url: `${origin}${course.path}` })) };
}

function courseData(page: PageEntry, origin: string): Course | null {
  const course = courses.find((c): c is InternalCourse => c.content !== null && c.path === page.path);
  if (!course) return null;
  return {
    '@type': 'Course',
    name: course.title,
    description: course.summary,
    url: `${origin}${course.path}`,
    image: shareImage(origin, course.path),
    inLanguage: 'en',
    provider: { '@type': 'Organization', '@id': organizationId(origin), name: site.name },
    educationalLevel: course.level,
    ...(course.certificate ? { educationalCredentialAwarded: 'Certificate of completion' } : {}),
    offers: {
      '@type': 'Offer',
      category: course.price === 0 ? 'Free' : 'Paid',
      price: course.price,
      priceCurrency: 'USD',
      availability: 'https://schema.org/InStock',
      url: `${origin}${course.path}`,
    },
    // Its weeks as a weekly schedule; a course without a length says none rather than a made-up one.
    ...(course.weeks
      ? { hasCourseInstance: { '@type': 'CourseInstance', courseMode: 'Online', courseSchedule: { '@type': 'Schedule', repeatFrequency: 'Weekly', repeatCount: course.weeks } } }
      : {}),
  };
}

function articleData(page: PageEntry, origin: string): Article | null {
  const article = resources.find((r): r is InternalResource => r.content !== null && r.to === page.path);
  if (!article) return null;
  const author = about.consultants.find((c) => c.name === article.author);
  return {
    '@type': 'Article',
    headline: article.title,
    description: article.description,
    articleSection: article.category,
    url: `${origin}${article.to}`,
    mainEntityOfPage: `${origin}${article.to}`,
    image: { '@type': 'ImageObject', url: shareImage(origin, article.to), width: `${shareImageSize.width}`, height: `${shareImageSize.height}` },
    // A date and time with its zone (Google reads a bare date in Googlebot's zone), the feed's instant.
    datePublished: articleDate(article.published).toISOString(),
    dateModified: articleDate(article.published).toISOString(),
    // Each author's own place on /about, which says who they are (Google: a page that identifies the author).
    author: { '@type': 'Person', name: article.author, url: `${origin}${author ? consultantPath(author) : paths.about}`, ...(author ? { jobTitle: author.role } : {}) },
    publisher: { '@id': organizationId(origin) },
  };
}

/** The page's one JSON-LD block, or null for a page not meant to be found. */
export function structuredDataFor(pathname: string, origin: string): Graph | null {
  const page = pages.find((p) => p.path === pathname);
  if (!page || page.private) return null;
  const own: (Thing | null)[] = [serviceData(page, origin), courseList(page, origin), courseData(page, origin), articleData(page, origin), breadcrumbs(page, origin)];
  return {
    '@context': 'https://schema.org',
    '@graph': [organization(origin), ...(page.path === '/' ? [website(origin)] : []), ...own.filter((t): t is Thing => t !== null)],
  };
}

