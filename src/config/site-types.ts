import type { paths } from '../../site.config';
import type { formPages } from '../generated/form-pages';

/** Every route the site serves: `paths` and the form pages of schemas/forms.json. Any other path is a type error. */
export type SitePath = (typeof paths)[keyof typeof paths] | (typeof formPages)[keyof typeof formPages]['path'];

/** An in-site link: a route, a section anchor on a route (`/#testimonials`), or a route with a query (`/enrol?course=…`). */
export type InternalHref = SitePath | `${SitePath}#${string}` | `${SitePath}?${string}`;

/** Off-site links always open in a new tab without opener or referrer. */
export type ExternalHref = `https://${string}`;

export type Href = InternalHref | ExternalHref;

export interface LinkSpec {
  label: string;
  to: Href;
}

/** Icons are named, not imported, so the config stays plain data. */
export type IconName =
  | 'compass'
  | 'users'
  | 'sparkles'
  | 'chart'
  | 'building'
  | 'coins'
  | 'shield'
  | 'home'
  | 'devices'
  | 'handshake'
  | 'target'
  | 'route'
  | 'bulb'
  | 'heart'
  | 'school'
  | 'certificate'
  | 'clock'
  | 'book'
  | 'file'
  | 'world';

/** Local, optimised illustrations in src/assets/images. */
export type ImageKey =
  | 'hero'
  | 'poster'
  | 'community'
  | 'data'
  | 'ai'
  | 'leadership'
  | 'smb'
  | 'fundraising'
  | 'technology'
  | 'housing'
  | 'summit'
  | 'proposal'
  | 'assistant'
  | 'ledger'
  | 'portraitMaya'
  | 'portraitMarcus';

// A type, not an interface: an image travels in an island's props, which must be plain JSON.
export type ImageSpec = {
  key: ImageKey;
  alt: string;
};

export interface Cta {
  title: string;
  body: string;
  action: LinkSpec;
}

export interface TitledText {
  title: string;
  description: string;
  icon?: IconName;
}

export type ServiceGroupName = 'Core Services' | 'High-Impact Services' | 'Emerging Opportunities';

export interface ServiceContent {
  intro: string[];
  sections: { title: string; body: string; points?: string[] }[];
  /** A numbered process (strategic planning's four steps). */
  process?: { title: string; intro: string; steps: TitledText[] };
  /** A highlighted "how AI helps" block. */
  aiInsights?: { title: string; intro: string; points: TitledText[] };
}

export interface Service {
  path: SitePath;
  title: string;
  /** The hero's one-sentence promise. */
  tagline: string;
  summary: string;
  icon: IconName;
  group: ServiceGroupName | null;
  heroAction: string;
  /** The closing button: the assessment, except where a conversation comes first. */
  closing: { title: string; body: string; label: string; to: SitePath };
  related: SitePath[];
  content: () => Promise<{ default: ServiceContent }>;
}

export interface CourseContent {
  about: string[];
  learn: string[];
  lessons: { title: string; description: string }[];
  included: string[];
}

interface CourseBase {
  title: string;
  summary: string;
  /** US dollars; 0 means free. */
  price: number;
  weeks: number | null;
  lessons: number | null;
  level: string;
  certificate: boolean;
  image: ImageSpec;
}

/**
 * A file signed-in members download from Supabase Storage: a file under supabase/storage/<bucket>/,
 * uploaded by `npm start` and the deploy (supabase/config.toml [storage.buckets.*]).
 */
export type MemberFile = {
  title: string;
  description: string;
  /** Its name in the bucket: for a course's materials, below the course's folder (supabase/storage/course-materials/<course>/). */
  file: string;
};

/** A course with its own page here. */
export interface InternalCourse extends CourseBase {
  path: SitePath;
  content: () => Promise<{ default: CourseContent }>;
  /** What its enrolled members download from their account (storage policies: a member who enrolled while signed in). */
  materials?: MemberFile[];
}

/** A course hosted elsewhere: its card opens a new tab. */
export interface ExternalCourse extends CourseBase {
  path: ExternalHref;
  content: null;
}

export type Course = InternalCourse | ExternalCourse;

export type ResourceCategory =
  | 'AI & Future of Work'
  | 'Leadership Development'
  | 'Small/Medium Business Engagement'
  | 'Fundraising & Philanthropy'
  | 'Technology & Innovation'
  | 'Housing & Community Development';

export interface ArticleContent {
  sections: { title: string; body: string[]; points?: string[] }[];
  takeaway: string;
}

interface ResourceBase {
  title: string;
  description: string;
  category: ResourceCategory;
  icon: IconName;
  /** Without an image, the card shows its category's illustration. */
  image?: ImageSpec;
}

/** An article on this site (the old site's `file_url`). */
export interface InternalResource extends ResourceBase {
  to: SitePath;
  /** One of the consultants on /about (content/about.ts), shown with their role. */
  author: string;
  /** When it was published, as YYYY-MM-DD. */
  published: `${number}-${number}-${number}`;
  content: () => Promise<{ default: ArticleContent }>;
}

/** An external article: opens in a new tab. */
export interface ExternalResource extends ResourceBase {
  to: ExternalHref;
  content: null;
}

export type Resource = InternalResource | ExternalResource;

export type PageKind =
  | 'home'
  | 'about'
  | 'services'
  | 'service'
  | 'courses'
  | 'course'
  | 'resources'
  | 'article'
  /** A form's page, declared in schemas/forms.json. */
  | 'form'
  /** The staff workspace: the inbox of every submission (docs/decisions/019). */
  | 'staff'
  /** A member's own page: what they sent (docs/decisions/038). */
  | 'account';

/** One route: what the router, the <head>, the sitemap and the tests know about it. */
export interface PageEntry {
  path: SitePath;
  kind: PageKind;
  /** For kind 'form': the form's name in schemas/forms.json. */
  form?: string;
  /** The page's one h1. */
  heading: string;
  /** The document title, before the site name is appended. */
  title: string;
  description: string;
  /**
   * For the signed-in only (staff, a member's account): its HTML is a sign-in shell (nothing of their
   * data is prerendered), marked noindex, with no canonical link, left out of the sitemap and the navigation.
   */
  private?: true;
}

export interface HomeContent {
  hero: {
    eyebrow: string;
    subtitle: string;
    primary: LinkSpec;
    secondary: LinkSpec;
    image: ImageSpec;
  };
  stats: { value: string; label: string }[];
  services: { title: string; intro: string; cards: (TitledText & { to: SitePath })[] };
  video: { title: string; intro: string; youtubeId: string; videoTitle: string; poster: ImageSpec };
  testimonials: { title: string; intro: string };
  about: { title: string; body: string[]; action: LinkSpec; image: ImageSpec };
  cta: Cta;
}

export interface Consultant {
  name: string;
  role: string;
  bio: string[];
  focus: string[];
  /** An illustrated portrait (square). */
  portrait: ImageSpec;
}

export interface AboutContent {
  intro: string[];
  consultants: Consultant[];
  /** Figures a client can check, shown as a band under the team. */
  outcomes: { value: string; label: string }[];
  strengths: TitledText[];
  coreServices: (TitledText & { to: SitePath })[];
  audiences: TitledText[];
  /** Said by one of the team, beside the audiences. */
  quote: { text: string; by: string };
  cta: Cta;
}

export interface ServicesOverviewContent {
  intro: string;
  groups: { name: ServiceGroupName; intro: string }[];
  /** The band after the groups for services in none of them (group: null), so the page lists every service. */
  more: { title: string; intro: string };
  cta: { title: string; body: string; actions: LinkSpec[] };
}

export interface CoursesOverviewContent {
  intro: string;
  featured: { eyebrow: string; body: string };
  gridTitle: string;
  gridIntro: string;
}
