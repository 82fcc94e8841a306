import type { Consultant } from './site-types';

/** A consultant's place on /about (`/about#dr-maya-thompson`): what an article's byline and its schema.org author link to. */
export const consultantAnchor = (person: Pick<Consultant, 'name'>) =>
  person.name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
