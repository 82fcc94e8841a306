import { paths } from '../../site.config';
import type { Consultant, InternalHref } from './site-types';

/** A consultant's place on /about (`dr-maya-thompson`): the id of their card there. */
export const consultantAnchor = (person: Pick<Consultant, 'name'>) =>
  person.name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/** The address of a consultant's card (`/about#dr-maya-thompson`): what an article's byline and its schema.org author link to. */
export const consultantPath = (person: Pick<Consultant, 'name'>): InternalHref => `${paths.about}#${consultantAnchor(person)}`;
