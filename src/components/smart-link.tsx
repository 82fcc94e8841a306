import { Anchor, Button, type AnchorProps, type ButtonProps } from '@mantine/core';
import type { ReactNode } from 'react';
import type { Href } from '../config/site-types';
import { externalLinkProps, isExternal } from '../lib/links';

type WithTarget = { to: Href; children: ReactNode; 'aria-label'?: string; onClick?: () => void };

/**
 * A button-styled link: a plain link to another page of the site (each page is its own prerendered
 * document, docs/decisions/020), a new tab outside it.
 */
export function LinkButton({ to, ...props }: ButtonProps & WithTarget) {
  return <Button component="a" href={to} {...(isExternal(to) ? externalLinkProps : {})} {...props} />;
}

/** A text link with the same internal/external rule. */
export function SmartAnchor({ to, ...props }: AnchorProps & WithTarget) {
  return <Anchor href={to} {...(isExternal(to) ? externalLinkProps : {})} {...props} />;
}
