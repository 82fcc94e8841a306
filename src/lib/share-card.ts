/**
 * What a page's share image says (scripts/build/share-images.tsx draws it): its heading and a line naming
 * its kind, from site.config.ts. Only the build imports this.
 */
import { courses, resources } from '../../site.config';
import type { PageEntry } from '../config/site-types';
import { priceLabel } from './course-price';

export interface ShareCard {
  /** The small line above the heading: the kind of page, and for a course its price and length. */
  kind: string;
  heading: string;
}

const kindLabels: Record<PageEntry['kind'], string> = {
  home: 'Consulting for mission-driven organizations',
  about: 'About us',
  services: 'Consulting services',
  service: 'Consulting service',
  courses: 'Online courses',
  course: 'Online course',
  resources: 'Tools & Info',
  article: 'Article',
  form: 'Get in touch',
  staff: 'Staff',
  account: 'Members',
};

export function shareCardFor(page: PageEntry): ShareCard {
  if (page.kind === 'course') {
    const course = courses.find((c) => c.path === page.path);
    const price = course && priceLabel(course);
    const length = course?.weeks ? `${course.weeks} weeks` : null;
    return { kind: [kindLabels.course, price, length].filter(Boolean).join(' · '), heading: page.heading };
  }
  if (page.kind === 'article') {
    const article = resources.find((r) => r.to === page.path);
    return { kind: article ? `Article · ${article.category}` : kindLabels.article, heading: page.heading };
  }
  return { kind: kindLabels[page.kind], heading: page.heading };
}
