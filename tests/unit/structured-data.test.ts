/**
 * Every page's JSON-LD against the fields Google documents for the rich result of its type:
 * https://developers.google.com/search/docs/appearance/structured-data/organization (name, url, logo, sameAs, contactPoint),
 * .../course-info (name, description, provider; offers with category, price and currency; hasCourseInstance
 * with courseMode and courseSchedule or courseWorkload), .../course (the course list: an ItemList of
 * ListItems with position and url on a summary page), .../article (headline, image, datePublished,
 * author with name and url) and .../breadcrumb (ListItem with position, name and item).
 */
import { describe, expect, it } from 'vitest';
import { renderHead } from '../../scripts/build/html';
import { courses, footer, pages, paths, resources, services, site } from '../../site.config';
import about from '../../content/about';
import { consultantAnchor } from '../../src/config/consultant-anchor';
import type { InternalCourse, InternalResource } from '../../src/config/site-types';
import { headFor } from '../../src/lib/head';
import { logoPath, logoSize } from '../../src/lib/published-files';
import { structuredDataFor } from '../../src/lib/structured-data';

const origin = 'https://example.org';
type Node = Record<string, unknown> & { '@type': string };
const graphOf = (path: string) => (structuredDataFor(path, origin)?.['@graph'] ?? []) as unknown as Node[];
const ofType = (path: string, type: string) => graphOf(path).filter((n) => n['@type'] === type);
const isUrl = (value: unknown) => typeof value === 'string' && /^https:\/\/[^\s]+$/.test(value);
const publicPages = pages.filter((p) => !p.private);

describe('structured data (JSON-LD)', () => {
  it.each(publicPages.map((p) => p.path))('%s names the organization once, in full: name, address, logo, contact point and social profiles', (path) => {
    const [org, ...more] = ofType(path, 'Organization');
    expect(more).toEqual([]);
    expect(org).toMatchObject({ '@id': `${origin}/#organization`, name: site.name, url: `${origin}/`, logo: `${origin}${logoPath}`, description: site.description });
    expect(logoSize, 'Google asks for a logo of 112x112 px or more').toBeGreaterThanOrEqual(112);
    expect(org!.sameAs).toEqual(footer.socials.map((s) => s.to));
    expect((org!.contactPoint as Node).email).toBe(site.email);
  });

  const nested = publicPages.filter((p) => p.path.split('/').length > 2);
  it('gives breadcrumbs to every nested page: each service, course and article', () => {
    expect(nested.map((p) => p.kind).sort()).toEqual(publicPages.filter((p) => ['service', 'course', 'article'].includes(p.kind)).map((p) => p.kind).sort());
  });

  it.each(nested.map((p) => p.path))('%s has breadcrumbs from Home through its section to itself, each a page of the site', (path) => {
    const [list, ...more] = ofType(path, 'BreadcrumbList');
    expect(more).toEqual([]);
    const items = list!.itemListElement as Node[];
    expect(items.length).toBe(3);
    items.forEach((item, i) => {
      expect(item).toMatchObject({ '@type': 'ListItem', position: i + 1 });
      expect(String(item.name).trim()).not.toBe('');
      expect(pages.some((p) => `${origin}${p.path}` === item.item || (p.path === '/' && item.item === `${origin}/`))).toBe(true);
    });
    expect(items[0]).toMatchObject({ name: 'Home', item: `${origin}/` });
    expect(items.at(-1)!.item).toBe(`${origin}${path}`);
  });

  it('gives a page at the top (home, /about, a form) no breadcrumbs, and the home page the site as a WebSite', () => {
    for (const path of ['/', '/about', '/contact']) expect(ofType(path, 'BreadcrumbList')).toEqual([]);
    expect(ofType('/', 'WebSite')).toHaveLength(1);
  });

  it.each(services.map((s) => s.path))('%s is a Service provided by the organization', (path) => {
    const service = services.find((s) => s.path === path)!;
    const [data] = ofType(path, 'Service');
    expect(data).toMatchObject({ name: service.title, description: service.summary, url: `${origin}${path}`, provider: { '@id': `${origin}/#organization` } });
  });

  const ownCourses = courses.filter((c): c is InternalCourse => c.content !== null);
  it.each(ownCourses.map((c) => c.path))('%s is a Course with what Google requires for course info', (path) => {
    const course = ownCourses.find((c) => c.path === path)!;
    const [data] = ofType(path, 'Course');
    expect(data).toMatchObject({ name: course.title, description: course.summary, provider: { '@type': 'Organization', name: site.name } });
    const offer = data!.offers as Node;
    expect(offer).toMatchObject({ '@type': 'Offer', price: course.price, priceCurrency: 'USD' });
    expect(['Free', 'Partially Free', 'Subscription', 'Paid']).toContain(offer.category);
    const instance = data!.hasCourseInstance as Node;
    expect(['Online', 'Onsite', 'Blended']).toContain(instance.courseMode);
    const schedule = instance.courseSchedule as Node | undefined;
    expect(schedule ? schedule.repeatFrequency && schedule.repeatCount === course.weeks : instance.courseWorkload).toBeTruthy();
  });

  it('/courses lists each course with a page here, for Google\'s course list: positions 1 to n, each a page with its Course data', () => {
    const [list] = ofType(paths.courses, 'ItemList');
    const items = list!.itemListElement as Node[];
    expect(items.map((item) => item.position)).toEqual(ownCourses.map((_, i) => i + 1));
    expect(items.map((item) => item.url)).toEqual(ownCourses.map((c) => `${origin}${c.path}`));
    for (const course of ownCourses) expect(ofType(course.path, 'Course')).toHaveLength(1);
    expect(ofType('/services', 'ItemList')).toEqual([]);
  });

  const articles = resources.filter((r): r is InternalResource => r.content !== null);
  it.each(articles.map((a) => a.to))('%s is an Article with headline, image, date and author', (path) => {
    const article = articles.find((a) => a.to === path)!;
    const [data] = ofType(path, 'Article');
    expect(data).toMatchObject({ headline: article.title, author: { '@type': 'Person', name: article.author } });
    expect(String(data!.headline).length, 'Google cuts headlines past 110 characters').toBeLessThanOrEqual(110);
    expect(isUrl((data!.image as Node).url)).toBe(true);
    // The author's own place on /about (tests/e2e/server.spec.ts finds it there), one per consultant.
    expect((data!.author as Node).url).toMatch(new RegExp(`^${origin}/about#[a-z0-9-]+$`));
    expect(new Set(about.consultants.map(consultantAnchor)).size).toBe(about.consultants.length);
    // A date and time with its zone (a bare date is read in Googlebot's zone), on the article's day, the
    // instant the feed gives it.
    expect(String(data!.datePublished)).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/);
    expect(String(data!.datePublished).slice(0, 10)).toBe(article.published);
    expect(new Date(String(data!.datePublished)).toUTCString()).toBe(new Date(`${article.published}T12:00:00Z`).toUTCString());
    // What a link preview reads (LinkedIn's and Facebook's date, author and section): the same facts.
    const head = renderHead({ ...headFor(path, pages, site, origin), jsonLd: structuredDataFor(path, origin) }, site);
    const meta = (name: string) => head.match(new RegExp(`<meta property="${name}" content="([^"]*)"`))?.[1]?.replaceAll('&amp;', '&');
    expect([meta('og:type'), meta('article:published_time'), meta('article:author'), meta('article:section')]).toEqual(['article', data!.datePublished, (data!.author as Node).url, article.category]);
  });

  it('gives a page that is not an article no article facts', () => {
    for (const path of ['/', '/about', '/courses', '/services']) expect(renderHead({ ...headFor(path, pages, site, origin), jsonLd: structuredDataFor(path, origin) }, site), path).not.toContain('article:');
  });

  it('is left out of pages not meant to be found', () => {
    expect(structuredDataFor('/staff', origin)).toBeNull();
    expect(structuredDataFor('/nope', origin)).toBeNull();
  });

  it('goes in the head as one block no text can break out of', () => {
    const jsonLd = { '@context': 'https://schema.org', '@graph': [{ '@type': 'Thing', name: '</script><script>alert(1)</script>' }] };
    const head = renderHead({ ...headFor('/about', pages, site, origin), jsonLd }, site);
    const blocks = [...head.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)];
    expect(blocks).toHaveLength(1);
    expect(JSON.parse(blocks[0]![1]!)).toEqual(jsonLd);
  });
});
