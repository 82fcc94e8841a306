import type { Course } from '../config/site-types';

/** A course's price as the site shows it (site.config.ts: 0 means free): on its card, its page and its share image. */
export function priceLabel(course: Course) {
  return course.price === 0 ? 'Free' : `$${course.price}`;
}
