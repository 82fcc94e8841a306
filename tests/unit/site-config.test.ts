import { describe, expect, it } from 'vitest';
import about from '../../content/about';
import coursesOverview from '../../content/courses-overview';
import home from '../../content/home';
import servicesOverview from '../../content/services-overview';
import * as config from '../../site.config';
import { courseGrid, courses, featuredCourse, footer, nav, pages, resourceCategories, resources, services } from '../../site.config';
import type { InternalResource } from '../../src/config/site-types';
import { iconSvgs } from '../../src/components/icon-svgs';
import { formPages } from '../../src/generated/form-pages';

/** The 20 routes of spec section 2. */
const SPEC_ROUTES = [
  '/', '/about', '/services',
  '/services/strategic-planning', '/services/leadership-development', '/services/ai-integration',
  '/services/impact-measurement', '/services/government-relations', '/services/grant-writing-strategy',
  '/services/crisis-management', '/services/housing-community-development', '/services/nonprofit-tech-integration',
  '/services/smb-partnership-development',
  '/courses', '/courses/strategic-leadership', '/courses/data-driven-decision', '/courses/advanced-grant-writing',
  '/blog', '/contact', '/assessment',
];

/** Links the spec references outside its route list; this site gives each a real page. */
const SPEC_REFERENCED = [
  '/courses/ai-social-impact', '/blog/smb-community-impact', '/blog/donor-behavior-psychology',
  '/blog/low-code-nonprofit-tech', '/blog/resilient-housing-communities',
];

const routePaths = new Set(pages.map((p) => p.path));

async function loadAllContent() {
  const modules: unknown[] = [home, about, servicesOverview, coursesOverview];
  for (const s of services) modules.push((await s.content()).default);
  for (const c of courses) if (c.content) modules.push((await c.content()).default);
  for (const r of resources) if (r.content) modules.push((await r.content()).default);
  return modules;
}

/** Every string under an `icon` key, wherever it sits in the config and the copy. */
function iconNames(value: unknown, found = new Set<string>()): Set<string> {
  if (Array.isArray(value)) value.forEach((v) => iconNames(v, found));
  else if (value && typeof value === 'object') {
    for (const [key, v] of Object.entries(value)) {
      if (key === 'icon' && typeof v === 'string') found.add(v);
      else iconNames(v, found);
    }
  }
  return found;
}

/** Every string under a `to` or `path` key, wherever it sits in the config and the copy. */
function linkTargets(value: unknown, found: string[] = []): string[] {
  if (Array.isArray(value)) value.forEach((v) => linkTargets(v, found));
  else if (value && typeof value === 'object') {
    for (const [key, v] of Object.entries(value)) {
      if ((key === 'to' || key === 'path' || key === 'related') && typeof v === 'string') found.push(v);
      else if (key === 'related' && Array.isArray(v)) found.push(...(v as string[]));
      else linkTargets(v, found);
    }
  }
  return found;
}

describe('site.config.ts routes', () => {
  it('serves every route of the spec and every page the spec links to', () => {
    for (const path of [...SPEC_ROUTES, ...SPEC_REFERENCED]) expect(routePaths, path).toContain(path);
    // Beyond those, only pages something declares: a service, a course or an article of site.config.ts,
    // a form of schemas/forms.json, the staff workspace and a member's account. A new course or form needs no edit here.
    const declared = [
      ...services.map((s) => s.path),
      ...courses.filter((c) => c.content).map((c) => c.path),
      ...resources.filter((r) => r.content).map((r) => r.to),
      ...Object.values(formPages).map((p) => p.path),
    ];
    expect(routePaths).toEqual(new Set([...SPEC_ROUTES, ...SPEC_REFERENCED, ...declared, '/staff', '/account']));
    expect(pages.filter((p) => p.private).map((p) => p.path)).toEqual(['/staff', '/account']);
  });

  it('has one page per path, each with a heading, title and description', () => {
    expect(routePaths.size).toBe(pages.length);
    for (const page of pages) {
      expect(page.heading.trim(), page.path).not.toBe('');
      expect(page.title.trim(), page.path).not.toBe('');
      expect(page.description.length, page.path).toBeGreaterThan(40);
    }
  });

  it('resolves every internal link and button target, in the config and in the page copy', async () => {
    const targets = linkTargets([config, await loadAllContent()]);
    expect(targets.length).toBeGreaterThan(60);
    for (const target of targets) {
      if (target.startsWith('https://')) continue;
      const [path, anchor] = target.split('#');
      expect(routePaths, `${target} is not a route`).toContain(path);
      expect(anchor ?? '', `${target}: anchors must name a section`).toMatch(/^[a-z-]*$/);
    }
  });

  it('declares off-site links as https URLs only', async () => {
    const targets = linkTargets([config, await loadAllContent()]).filter((t) => !t.startsWith('/'));
    expect(targets.length).toBeGreaterThan(0);
    for (const target of targets) expect(() => new URL(target), target).not.toThrow();
    for (const target of targets) expect(target, target).toMatch(/^https:\/\//);
  });
});

describe('navigation and footer', () => {
  it('lists About, Services, Courses, Tools & Info and Contact in that order', () => {
    expect(nav).toEqual([
      { label: 'About', to: '/about' },
      { label: 'Services', to: '/services' },
      { label: 'Courses', to: '/courses' },
      { label: 'Tools & Info', to: '/blog' },
      { label: 'Contact', to: '/contact' },
    ]);
  });

  it('has Quick Links, Resources, the three social networks and a newsletter line', () => {
    expect(footer.quickLinks.length).toBeGreaterThan(0);
    expect(footer.resources.length).toBeGreaterThan(0);
    expect(footer.socials.map((s) => s.network)).toEqual(['facebook', 'linkedin', 'twitter']);
    // The line links to the newsletter's own sign-up page (schemas/forms.json "newsletter").
    expect(footer.newsletter.signUp.label).toMatch(/newsletter/i);
    expect(formPages).toHaveProperty(footer.newsletter.signUp.form);
  });
});

describe('services (spec section 2)', () => {
  it('has the ten service pages, each with a hero promise and a closing button', () => {
    expect(services).toHaveLength(10);
    for (const s of services) {
      expect(s.heroAction.trim()).not.toBe('');
      expect(s.closing.label.trim()).not.toBe('');
    }
  });

  it('closes every service page on /assessment except government relations, which closes on /contact', () => {
    for (const s of services) {
      expect(s.closing.to, s.path).toBe(s.path === '/services/government-relations' ? '/contact' : '/assessment');
    }
  });

  it('groups three services under each of the three headings of the overview', () => {
    expect(servicesOverview.groups.map((g) => g.name)).toEqual(['Core Services', 'High-Impact Services', 'Emerging Opportunities']);
    for (const group of servicesOverview.groups) expect(services.filter((s) => s.group === group.name), group.name).toHaveLength(3);
    expect(servicesOverview.cta.actions).toEqual([
      { label: 'Find Your Solution', to: '/assessment' },
      { label: 'Get Your Free Assessment', to: '/assessment' },
    ]);
  });

  it('gives strategic planning its four-step process and AI insights, and leadership its five sections', async () => {
    const planning = (await services.find((s) => s.path === '/services/strategic-planning')!.content()).default;
    expect(planning.process?.steps.map((s) => s.title)).toEqual(['Understand & Discover', 'Set Clear Goals', 'Create Action Steps', 'Track & Adjust']);
    expect(planning.aiInsights?.points.length).toBeGreaterThan(0);
    // Its buttons to /contact and /assessment are the hero's and the closing band's (one call to action each).
    const planningService = services.find((s) => s.path === '/services/strategic-planning')!;
    expect([planningService.heroAction, planningService.closing.to]).toEqual(['Plan With Us', '/assessment']);
    const leadership = (await services.find((s) => s.path === '/services/leadership-development')!.content()).default;
    expect(leadership.sections.map((s) => s.title)).toEqual(['Leadership Coaching', 'Team Building', 'Managing Change', 'Succession Planning', 'AI for Leadership']);
  });
});

describe('courses (spec section 9)', () => {
  const byTitle = (title: string) => courses.find((c) => c.title === title);

  it.each([
    ['Smart Leadership for Impact', 299, 12, 24],
    ['Making Choices with Data', 249, 8, 16],
    ['AI-Powered Grant Writing', 199, 6, 12],
  ])('%s costs $%i for %i weeks and %i lessons', (title, price, weeks, lessons) => {
    expect(byTitle(title)).toMatchObject({ price, weeks, lessons, certificate: true });
  });

  it('features AI for Doing Good: $399, 8 weeks, good for beginners, at /courses/ai-social-impact', () => {
    expect(featuredCourse).toBe('/courses/ai-social-impact');
    expect(courses.find((c) => c.path === featuredCourse)).toMatchObject({ title: 'AI for Doing Good', price: 399, weeks: 8, level: 'Good for beginners' });
  });

  it('shows four cards under See Our Courses, the free webinar being external', () => {
    expect(coursesOverview.gridTitle).toBe('See Our Courses');
    expect(courseGrid).toHaveLength(4);
    const external = courses.filter((c) => courseGrid.includes(c.path) && c.path.startsWith('http'));
    expect(external).toHaveLength(1);
    expect(external[0]).toMatchObject({ price: 0, content: null });
  });

  it('gives every course page four sample lessons and what it includes', async () => {
    for (const course of courses) {
      if (!course.content) continue;
      const content = (await course.content()).default;
      expect(content.lessons, course.title).toHaveLength(4);
      expect(content.included.length, course.title).toBeGreaterThan(0);
    }
  });
});

describe('about and home copy (spec section 2)', () => {
  it('about has two consultants, six strengths, five core services and four audiences', () => {
    expect(about.consultants).toHaveLength(2);
    expect(about.strengths).toHaveLength(6);
    expect(about.coreServices).toHaveLength(5);
    expect(about.audiences).toHaveLength(4);
    expect(about.cta.action).toEqual({ label: 'Start the Conversation', to: '/contact' });
  });

  it('home has the hero buttons, the four named service cards and Start Today', () => {
    expect([home.hero.primary.to, home.hero.secondary.to]).toEqual(['/contact', '/services']);
    expect(home.services.cards.map((c) => c.title)).toEqual(['Planning for Success', 'Smart AI Ideas', 'Tech for Nonprofits', 'Winning Grants']);
    expect(home.cta.action).toEqual({ label: 'Start Today', to: '/assessment' });
    expect(pages.find((p) => p.path === '/')?.heading).toMatch(/AI Transformation Into Your Strategic Edge/);
    expect(home.stats.map((s) => s.value)).toEqual(expect.arrayContaining(['$100M+', '130+']));
  });
});

describe('resources (spec sections 2 and 3)', () => {
  it('uses the six categories of the spec', () => {
    expect(resourceCategories).toEqual([
      'AI & Future of Work', 'Leadership Development', 'Small/Medium Business Engagement',
      'Fundraising & Philanthropy', 'Technology & Innovation', 'Housing & Community Development',
    ]);
    for (const r of resources) expect(resourceCategories).toContain(r.category);
  });

  it('links four internal articles under /blog and two external articles', () => {
    const internal = resources.filter((r) => r.to.startsWith('/')).map((r) => r.to);
    expect(internal.sort()).toEqual(SPEC_REFERENCED.filter((p) => p.startsWith('/blog/')).sort());
    expect(resources.filter((r) => r.to.startsWith('https://'))).toHaveLength(2);
  });

  it('names a consultant from /about as each article\'s author, and a real publication date that has passed', () => {
    const consultants = about.consultants.map((c) => c.name);
    for (const article of resources.filter((r): r is InternalResource => r.content !== null)) {
      expect(consultants, `${article.to}: author`).toContain(article.author);
      const date = new Date(`${article.published}T00:00:00Z`);
      expect(date.toISOString().slice(0, 10), `${article.to}: published`).toBe(article.published);
      expect(date.getTime()).toBeLessThanOrEqual(Date.now());
    }
  });

  it('draws every icon the config and the copy name: each has its SVG in icon-svgs.ts', async () => {
    const named = [...iconNames([config, await loadAllContent()])];
    expect(named.length).toBeGreaterThan(5);
    expect(named.filter((name) => !/^<svg viewBox="0 0 24 24"[^>]*>.*<\/svg>$/s.test((iconSvgs as Record<string, string>)[name] ?? ''))).toEqual([]);
  });
});
