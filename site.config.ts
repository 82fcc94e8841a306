/**
 * The site in one typed table: routes, navigation, footer, services, courses and resources.
 * The router, header, footer, <head> tags, sitemap and tests all read from here.
 * Long-form page copy lives in content/ and is loaded with its page, so the first
 * page a visitor opens does not download every other page's text.
 */
import type {
  MemberFile,
  Course,
  ExternalHref,
  InternalCourse,
  InternalResource,
  LinkSpec,
  PageEntry,
  Resource,
  ResourceCategory,
  Service,
  SitePath,
} from './src/config/site-types';
import { formPages } from './src/generated/form-pages';
import { ACCOUNT_PATH, STAFF_PATH } from './src/lib/account/account-path';

export const site = {
  name: 'Keystone Impact Partners',
  shortName: 'Keystone Impact',
  /** Canonical origin for <link rel="canonical">, Open Graph and the sitemap; `SITE_URL` overrides at build. */
  url: 'https://www.keystoneimpact.org',
  email: 'hello@keystoneimpact.org',
  description:
    'Strategy, leadership, funding and AI consulting for nonprofits, small businesses, social enterprises and public agencies.',
  locale: 'en_US',
} as const;

/** The path of a form's page, failing with the fix when schemas/forms.json no longer gives that form a page. */
function formPath<K extends keyof typeof formPages>(form: K): (typeof formPages)[K]['path'] {
  const page = (formPages as Partial<typeof formPages>)[form];
  if (!page) throw new Error(`site.config.ts links to the "${form}" form's page, but schemas/forms.json gives "${form}" no "page". Put it back, or change the links here.`);
  return page.path;
}

export const paths = {
  home: '/',
  about: '/about',
  services: '/services',
  strategicPlanning: '/services/strategic-planning',
  leadershipDevelopment: '/services/leadership-development',
  aiIntegration: '/services/ai-integration',
  impactMeasurement: '/services/impact-measurement',
  governmentRelations: '/services/government-relations',
  grantWriting: '/services/grant-writing-strategy',
  crisisManagement: '/services/crisis-management',
  housing: '/services/housing-community-development',
  nonprofitTech: '/services/nonprofit-tech-integration',
  smbPartnerships: '/services/smb-partnership-development',
  courses: '/courses',
  strategicLeadershipCourse: '/courses/strategic-leadership',
  dataDrivenCourse: '/courses/data-driven-decision',
  grantWritingCourse: '/courses/advanced-grant-writing',
  aiSocialImpactCourse: '/courses/ai-social-impact',
  resources: '/blog',
  smbArticle: '/blog/smb-community-impact',
  donorArticle: '/blog/donor-behavior-psychology',
  lowCodeArticle: '/blog/low-code-nonprofit-tech',
  housingArticle: '/blog/resilient-housing-communities',
  staff: STAFF_PATH,
  account: ACCOUNT_PATH,
  // Form pages are declared in schemas/forms.json ("page"); named here for the links below.
  contact: formPath('contact'),
  assessment: formPath('assessment'),
} as const;

/**
 * The links schemas/forms.json asks for ("nav" or "footer" in a form's "page"), after the site's own and
 * never twice to one page: a non-developer puts a new form's page in the header without editing this file.
 */
function withFormLinks(links: LinkSpec[], where: 'nav' | 'footer'): LinkSpec[] {
  const declared = Object.values(formPages).flatMap((page): LinkSpec[] => (page[where] ? [{ label: page[where], to: page.path }] : []));
  return [...links, ...declared.filter((link) => !links.some((own) => own.to === link.to))];
}

/** Header navigation, in this order. */
export const nav: LinkSpec[] = withFormLinks(
  [
    { label: 'About', to: paths.about },
    { label: 'Services', to: paths.services },
    { label: 'Courses', to: paths.courses },
    { label: 'Tools & Info', to: paths.resources },
    { label: 'Contact', to: paths.contact },
  ],
  'nav',
);

export const footer = {
  blurb:
    'We help mission-driven organizations plan with clarity, lead through change, fund their work and put AI to use responsibly.',
  quickLinks: withFormLinks(
    [
      { label: 'About Us', to: paths.about },
      { label: 'Services', to: paths.services },
      { label: 'Courses', to: paths.courses },
      { label: 'Free Needs Assessment', to: paths.assessment },
      { label: 'Contact', to: paths.contact },
    ],
    'footer',
  ),
  resources: [
    { label: 'Tools & Info Hub', to: paths.resources },
    { label: 'AI for Doing Good', to: paths.aiSocialImpactCourse },
    { label: 'Grant Writing & Funding', to: paths.grantWriting },
  ],
  socials: [
    { network: 'facebook', label: 'Keystone Impact Partners on Facebook', to: 'https://www.facebook.com/keystoneimpactpartners' },
    { network: 'linkedin', label: 'Keystone Impact Partners on LinkedIn', to: 'https://www.linkedin.com/company/keystoneimpactpartners' },
    { network: 'twitter', label: 'Keystone Impact Partners on Twitter', to: 'https://twitter.com/keystoneimpact' },
  ],
  // The newsletter's sign-up is a form of schemas/ with its own page (double opt-in); the line links to that
  // page, and says only its text when forms.json gives the form no page. The form itself is not in the
  // footer: on every page it would not fit the one round trip (docs/decisions/052).
  newsletter: { text: 'One practical idea for mission-driven leaders in your inbox each month.', signUp: { label: 'Subscribe to our newsletter', form: 'newsletter' } },
} as const satisfies {
  blurb: string;
  quickLinks: LinkSpec[];
  resources: LinkSpec[];
  socials: { network: 'facebook' | 'linkedin' | 'twitter'; label: string; to: ExternalHref }[];
  newsletter: { text: string; signUp: { label: string; form: string } };
};

export const services: Service[] = [
  {
    path: paths.strategicPlanning,
    title: 'Strategic Planning',
    tagline: 'A plan your board approves, your staff believes in and your community can see.',
    summary: 'Turn a crowded agenda into a focused three-year plan with clear goals, owners and measures.',
    icon: 'compass',
    group: 'Core Services',
    heroAction: 'Plan With Us',
    closing: {
      title: 'Ready to plan for what comes next?',
      body: 'Our free needs assessment takes about ten minutes and tells us where a plan would help most.',
      label: 'Take the Free Assessment',
      to: paths.assessment,
    },
    related: [paths.impactMeasurement, paths.leadershipDevelopment],
    content: () => import('./content/services/strategic-planning'),
  },
  {
    path: paths.leadershipDevelopment,
    title: 'Leadership Transitions & Succession Planning',
    tagline: 'Leaders who grow, teams that hold together and handovers that keep the mission moving.',
    summary: 'Coaching, team building and succession plans so a change at the top strengthens the organization.',
    icon: 'users',
    group: 'Core Services',
    heroAction: 'Talk About Your Team',
    closing: {
      title: 'Is a leadership change on the horizon?',
      body: 'Start with the needs assessment and we will map the transition risks worth tackling first.',
      label: 'Start Your Assessment',
      to: paths.assessment,
    },
    related: [paths.strategicPlanning, paths.crisisManagement],
    content: () => import('./content/services/leadership-development'),
  },
  {
    path: paths.aiIntegration,
    title: 'AI Integration',
    tagline: 'Practical, responsible AI that saves your team hours without risking the trust you have earned.',
    summary: 'Find the tasks where AI genuinely helps, set guardrails, and train your people to use it well.',
    icon: 'sparkles',
    group: 'Emerging Opportunities',
    heroAction: 'Explore AI With Us',
    closing: {
      title: 'Curious where AI fits in your work?',
      body: 'The needs assessment asks about your AI experience so our first conversation starts at your level.',
      label: 'Assess Your AI Readiness',
      to: paths.assessment,
    },
    related: [paths.nonprofitTech, paths.grantWriting],
    content: () => import('./content/services/ai-integration'),
  },
  {
    path: paths.impactMeasurement,
    title: 'Community Engagement & Impact Measurement',
    tagline: 'Listen to the people you serve and show funders the difference you make.',
    summary: 'Engagement methods and simple measurement systems that turn your impact into evidence.',
    icon: 'chart',
    group: 'High-Impact Services',
    heroAction: 'Measure What Matters',
    closing: {
      title: 'Want a clearer story of your impact?',
      body: 'Tell us about your programs in the needs assessment and we will suggest a measurement starting point.',
      label: 'Start Your Assessment',
      to: paths.assessment,
    },
    related: [paths.strategicPlanning, paths.housing],
    content: () => import('./content/services/impact-measurement'),
  },
  {
    path: paths.governmentRelations,
    title: 'Government Relations & Public Policy',
    tagline: 'Be in the room when decisions about your community are made.',
    summary: 'Advocacy strategy, policy analysis and relationships with officials at every level of government.',
    icon: 'building',
    group: 'High-Impact Services',
    heroAction: 'Discuss Your Policy Goals',
    // Policy work depends on timing and relationships, so it starts with a conversation, not a questionnaire.
    closing: {
      title: 'Is there a policy decision you need to shape?',
      body: 'Legislative calendars move fast. Tell us what is at stake and we will reply within one business day.',
      label: 'Start the Conversation',
      to: paths.contact,
    },
    related: [paths.housing, paths.impactMeasurement],
    content: () => import('./content/services/government-relations'),
  },
  {
    path: paths.grantWriting,
    title: 'Grant Writing & Funding Strategy',
    tagline: 'Proposals that win and a funding mix that lasts beyond the next grant cycle.',
    summary: 'Prospect research, persuasive proposals and diversified revenue plans from a team that has raised $100M+.',
    icon: 'coins',
    group: 'Core Services',
    heroAction: 'Strengthen Your Funding',
    closing: {
      title: 'Planning your next funding push?',
      body: 'The needs assessment helps us understand your budget, timeline and funding history before we meet.',
      label: 'Get Your Free Assessment',
      to: paths.assessment,
    },
    related: [paths.strategicPlanning, paths.aiIntegration],
    content: () => import('./content/services/grant-writing-strategy'),
  },
  {
    path: paths.crisisManagement,
    title: 'Crisis Management & Resilience',
    tagline: 'Steady guidance when the unexpected hits, and preparation so it hits less hard.',
    summary: 'Crisis response, communications and continuity planning that protect your people and reputation.',
    icon: 'shield',
    group: 'High-Impact Services',
    heroAction: 'Get Support Now',
    closing: {
      title: 'Want to be ready before the next disruption?',
      body: 'Use the needs assessment to flag your biggest vulnerabilities and we will prioritise them with you.',
      label: 'Assess Your Resilience',
      to: paths.assessment,
    },
    related: [paths.leadershipDevelopment, paths.governmentRelations],
    content: () => import('./content/services/crisis-management'),
  },
  {
    path: paths.housing,
    title: 'Housing & Community Development',
    tagline: 'Affordable homes and thriving neighborhoods, planned with the people who live there.',
    summary: 'Project planning, partnerships and financing strategy for housing and community development.',
    icon: 'home',
    group: null,
    heroAction: 'Discuss Your Project',
    closing: {
      title: 'Have a housing or neighborhood project in mind?',
      body: 'The needs assessment captures your goals, timeline and budget so we can come prepared.',
      label: 'Start Your Assessment',
      to: paths.assessment,
    },
    related: [paths.governmentRelations, paths.impactMeasurement],
    content: () => import('./content/services/housing-community-development'),
  },
  {
    path: paths.nonprofitTech,
    title: 'Nonprofit Technology Integration',
    tagline: 'Systems that talk to each other, so your team spends time on the mission, not the spreadsheets.',
    summary: 'Choose, connect and adopt the right CRM, fundraising and program tools for your size and budget.',
    icon: 'devices',
    group: 'Emerging Opportunities',
    heroAction: 'Review Your Tech',
    closing: {
      title: 'Not sure which system to fix first?',
      body: 'Rate your technology readiness in the needs assessment and we will suggest where to begin.',
      label: 'Check Your Tech Readiness',
      to: paths.assessment,
    },
    related: [paths.aiIntegration, paths.smbPartnerships],
    content: () => import('./content/services/nonprofit-tech-integration'),
  },
  {
    path: paths.smbPartnerships,
    title: 'Small & Medium Business Community Partnerships',
    tagline: 'Partnerships where local businesses and community organizations both come out ahead.',
    summary: 'Design sponsorships, employee engagement and shared-value programs that last.',
    icon: 'handshake',
    group: 'Emerging Opportunities',
    heroAction: 'Build a Partnership',
    closing: {
      title: 'Looking for the right community partner?',
      body: 'Tell us about your organization in the needs assessment and we will suggest partnership models that fit.',
      label: 'Start Your Assessment',
      to: paths.assessment,
    },
    related: [paths.impactMeasurement, paths.nonprofitTech],
    content: () => import('./content/services/smb-partnership-development'),
  },
];

/** The course shown above the grid on /courses. */
export const featuredCourse: SitePath = paths.aiSocialImpactCourse;

export const courses: Course[] = [
  {
    path: paths.strategicLeadershipCourse,
    title: 'Smart Leadership for Impact',
    summary: 'Lead with purpose: set direction, build trust across your team and make decisions that stick.',
    price: 299,
    weeks: 12,
    lessons: 24,
    level: 'For new and experienced leaders',
    certificate: true,
    image: { key: 'summit', alt: 'Illustration of a team climbing a mountain path to a flag at the summit' },
    content: () => import('./content/courses/strategic-leadership'),
    materials: [
      { title: 'Decision Log', description: 'A spreadsheet for the decisions your meetings make: owner, deadline and status (week 2).', file: 'strategic-leadership/decision-log.csv' },
      { title: 'Feedback Conversation Planner', description: 'Plan a feedback conversation and its follow-up, step by step (week 3).', file: 'strategic-leadership/feedback-conversation-planner.md' },
    ],
  },
  {
    path: paths.dataDrivenCourse,
    title: 'Making Choices with Data',
    summary: 'Collect the right numbers, read them with confidence and turn them into better program decisions.',
    price: 249,
    weeks: 8,
    lessons: 16,
    level: 'No statistics background needed',
    certificate: true,
    image: { key: 'data', alt: 'Abstract illustration of bar charts and a trend line' },
    content: () => import('./content/courses/data-driven-decision'),
    materials: [
      { title: 'Program Dashboard Template', description: 'Seven measures most programs can track monthly, with targets and sources.', file: 'data-driven-decision/program-dashboard.csv' },
      { title: 'Practice Data Set: Attendance', description: 'Twelve sessions of attendance and ratings from two sites, for the exercises.', file: 'data-driven-decision/practice-attendance-data.csv' },
    ],
  },
  {
    path: paths.grantWritingCourse,
    title: 'AI-Powered Grant Writing',
    summary: 'Research funders faster and draft stronger proposals with AI, while keeping your voice and your facts.',
    price: 199,
    weeks: 6,
    lessons: 12,
    level: 'For grant writers and development staff',
    certificate: true,
    image: { key: 'proposal', alt: 'Illustration of a signed proposal page, a pencil and a spark of AI' },
    content: () => import('./content/courses/advanced-grant-writing'),
    materials: [
      { title: 'Prompt Library for Grant Writers', description: 'Prompts for funder research, need statements and outcomes, with the checks to run after.', file: 'advanced-grant-writing/prompt-library.md' },
      { title: 'Proposal Budget Template', description: 'A line-item budget with justifications that adds up the way reviewers check it.', file: 'advanced-grant-writing/proposal-budget.csv' },
    ],
  },
  {
    path: paths.aiSocialImpactCourse,
    title: 'AI for Doing Good',
    summary: 'A friendly, hands-on introduction to using AI tools safely and effectively in mission-driven work.',
    price: 399,
    weeks: 8,
    lessons: 16,
    level: 'Good for beginners',
    certificate: true,
    image: { key: 'assistant', alt: 'Illustration of a conversation with an AI assistant, answered with care' },
    content: () => import('./content/courses/ai-social-impact'),
    materials: [
      { title: 'AI Use Policy Template', description: 'A one-page policy on what your team may put into AI tools and how output is checked.', file: 'ai-social-impact/ai-use-policy.md' },
    ],
  },
  {
    path: 'https://www.stayexempt.irs.gov/',
    title: 'Financial Stewardship Webinar',
    summary: 'Free IRS StayExempt workshops on the filing, governance and record-keeping rules every exempt organization must follow.',
    price: 0,
    weeks: null,
    lessons: null,
    level: 'Self-paced, on demand',
    certificate: false,
    image: { key: 'ledger', alt: 'Illustration of an open ledger with ticked entries beside a shield' },
    content: null,
  },
];

/** The four cards under "See Our Courses", in order. */
export const courseGrid: Course['path'][] = [
  paths.strategicLeadershipCourse,
  paths.dataDrivenCourse,
  paths.grantWritingCourse,
  'https://www.stayexempt.irs.gov/',
];

export const resourceCategories: ResourceCategory[] = [
  'AI & Future of Work',
  'Leadership Development',
  'Small/Medium Business Engagement',
  'Fundraising & Philanthropy',
  'Technology & Innovation',
  'Housing & Community Development',
];

export const resources: Resource[] = [
  {
    title: 'How Local Businesses Multiply Community Impact',
    description:
      'Why partnerships between small businesses and community organizations outperform one-off sponsorships, and the five partnership models we see work best.',
    to: paths.smbArticle,
    author: 'Dr. Maya Thompson',
    published: '2026-10-08',
    category: 'Small/Medium Business Engagement',
    icon: 'handshake',
    content: () => import('./content/articles/smb-community-impact'),
  },
  {
    title: 'The Psychology of Giving: What Moves Donors',
    description:
      'What behavioral research says about why people give, why they stop, and how to write appeals that respect donors while raising more.',
    to: paths.donorArticle,
    author: 'Marcus Reyes',
    published: '2026-09-17',
    category: 'Fundraising & Philanthropy',
    icon: 'heart',
    content: () => import('./content/articles/donor-behavior-psychology'),
  },
  {
    title: 'Low-Code Tools That Stretch a Nonprofit Tech Budget',
    description:
      'How small teams build intake forms, volunteer schedules and dashboards without developers, and where low-code stops being the right answer.',
    to: paths.lowCodeArticle,
    author: 'Marcus Reyes',
    published: '2026-08-20',
    category: 'Technology & Innovation',
    icon: 'devices',
    content: () => import('./content/articles/low-code-nonprofit-tech'),
  },
  {
    title: 'Building Resilient Housing Communities',
    description:
      'Lessons from community-led housing projects on financing, resident engagement and designing neighborhoods that withstand economic and climate shocks.',
    to: paths.housingArticle,
    author: 'Dr. Maya Thompson',
    published: '2026-07-09',
    category: 'Housing & Community Development',
    icon: 'home',
    content: () => import('./content/articles/resilient-housing-communities'),
  },
  {
    title: 'NIST AI Risk Management Framework',
    description:
      'The U.S. government\'s free, voluntary framework for managing the risks of AI systems: a sound reference when you write your first AI use policy.',
    to: 'https://www.nist.gov/itl/ai-risk-management-framework',
    category: 'AI & Future of Work',
    icon: 'shield',
    content: null,
  },
  {
    title: 'BoardSource: Nonprofit Board Leadership',
    description:
      'Research, tools and recommended governance practices for nonprofit boards and chief executives from a national leader in board development.',
    to: 'https://boardsource.org/',
    category: 'Leadership Development',
    icon: 'users',
    content: null,
  },
];

const staticPages: PageEntry[] = [
  {
    path: paths.home,
    kind: 'home',
    heading: 'Turn AI Transformation Into Your Strategic Edge',
    title: 'Strategy, Leadership & AI Consulting for Mission-Driven Organizations',
    description:
      'Keystone Impact Partners helps nonprofits, small businesses and public agencies plan, fund and lead their work, and turn AI into a strategic edge.',
  },
  {
    path: paths.about,
    kind: 'about',
    heading: 'The People Behind Your Progress',
    title: 'About Our Team',
    description:
      'Meet the consultants behind Keystone Impact Partners: decades of nonprofit leadership, $100M+ raised and a coalition of 130+ organizations.',
  },
  {
    path: paths.services,
    kind: 'services',
    heading: 'Services That Move Your Mission Forward',
    title: 'Consulting Services',
    description:
      'Strategic planning, leadership development, grant writing, AI integration, crisis management, government relations and more.',
  },
  {
    path: paths.courses,
    kind: 'courses',
    heading: 'Learn Skills That Multiply Your Impact',
    title: 'Courses',
    description:
      'Practical online courses on leadership, data-driven decisions, AI-powered grant writing and AI for social good, each with a certificate.',
  },
  {
    path: paths.resources,
    kind: 'resources',
    heading: 'Tools & Info Hub',
    title: 'Tools & Info',
    description:
      'Free articles, guides and trusted external resources on AI, leadership, fundraising, technology, business partnerships and housing.',
  },
  {
    path: paths.staff,
    kind: 'staff',
    heading: 'Staff Inbox',
    title: 'Staff Inbox',
    description: 'Every contact inquiry, assessment and enrolment in one place, for staff who have signed in.',
    private: true,
  },
  {
    path: paths.account,
    kind: 'account',
    heading: 'Your Account',
    title: 'Your Account',
    description: 'What you have sent us while signed in, and where each one stands.',
    private: true,
  },
];

export { memberBuckets } from './src/lib/account/member-buckets';

/** Toolkits and templates for signed-in members, in the bucket member-resources (supabase/storage/member-resources/). */
export const memberResources: MemberFile[] = [
  {
    title: 'Board Self-Assessment',
    description: 'Twelve statements your board scores on its own, and how to turn the lowest three into changes.',
    file: 'board-self-assessment.md',
  },
  {
    title: 'Community Partnership Agreement',
    description: 'A two-page agreement for a business and a community organization working together.',
    file: 'partnership-agreement.md',
  },
];

/** The part of a course page's address that enrolments store: /courses/strategic-leadership → strategic-leadership. */
export const courseSlug = (course: InternalCourse) => course.path.slice(course.path.lastIndexOf('/') + 1);

/**
 * Lists a form can offer as a question's options (schemas/forms.json "options"): `const` is stored,
 * `title` shown. `npm run generate` copies them into the form, its validation and the database check.
 */
export const optionLists = {
  courses: courses.filter((c): c is InternalCourse => c.content !== null).map((c) => ({ const: courseSlug(c), title: c.title })),
};

/**
 * Where an entry of an option list links to its form with itself chosen ("linkedFrom" in forms.json):
 * a course page's "Sign Up Now" → /enrol?course=<slug>. Null when no form is linked from that list.
 */
export function formLinkFor(list: keyof typeof optionLists, value: string): `${SitePath}?${string}` | null {
  const page = Object.values(formPages).find((p) => p.linkedFrom?.list === list);
  return page?.linkedFrom ? `${page.path}?${new URLSearchParams({ [page.linkedFrom.field]: value }).toString()}` : null;
}

/** Every route of the site, derived from the tables above. */
export const pages: PageEntry[] = [
  ...staticPages,
  ...Object.entries(formPages).map(([form, p]) => ({ path: p.path, kind: 'form' as const, form, heading: p.heading, title: p.title, description: p.description })),
  ...services.map((s) => ({ path: s.path, kind: 'service' as const, heading: s.title, title: s.title, description: s.summary })),
  ...courses
    .filter((c): c is InternalCourse => c.content !== null)
    .map((c) => ({ path: c.path, kind: 'course' as const, heading: c.title, title: `${c.title} (Course)`, description: c.summary })),
  ...resources
    .filter((r): r is InternalResource => r.content !== null)
    .map((r) => ({ path: r.to, kind: 'article' as const, heading: r.title, title: r.title, description: r.description })),
];
