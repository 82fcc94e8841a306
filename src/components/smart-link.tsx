import { Anchor, Button, type AnchorProps, type ButtonProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { Href } from '../config/site-types';
import { externalLinkProps, isExternal } from '../lib/links';

type WithTarget = { to: Href; children: ReactNode; 'aria-label'?: string; onClick?: () => void };

/** A button-styled link: router navigation inside the site, a new tab outside it. */
export function LinkButton({ to, ...props }: ButtonProps & WithTarget) {
  return isExternal(to) ? (
    <Button component="a" href={to} {...externalLinkProps} {...props} />
  ) : (
    <Button component={Link} to={to} {...props} />
  );
}

/** A text link with the same internal/external rule. */
export function SmartAnchor({ to, ...props }: AnchorProps & WithTarget) {
  return isExternal(to) ? (
    <Anchor href={to} {...externalLinkProps} {...props} />
  ) : (
    <Anchor component={Link} to={to} {...props} />
  );
}
