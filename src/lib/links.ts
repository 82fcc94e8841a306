import type { ExternalHref, Href } from '../config/site-types';

export function isExternal(href: Href | string): href is ExternalHref {
  return /^https?:\/\//.test(href);
}

/** Off-site links open a new tab that cannot reach back to this page or learn where it came from. */
export const externalLinkProps = { target: '_blank', rel: 'noopener noreferrer' } as const;
