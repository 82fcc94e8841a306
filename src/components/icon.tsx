import type { CSSProperties } from 'react';
import type { IconName } from '../config/site-types';
import classes from './icon.module.css';
import { iconSvgs } from './icon-svgs';

/** Icons the interface itself uses, beside the ones site.config.ts and content/ may name. */
export type UiIconName = 'facebook' | 'linkedin' | 'x' | 'mail' | 'play' | 'check' | 'menu' | 'close' | 'arrowRight';

/**
 * A decorative icon, its SVG inline in the page (./icon-svgs.ts): no JavaScript, no request, and it
 * follows the text colour around it. The text beside it carries the meaning.
 */
export function Icon({ name, size = 24 }: { name: IconName | UiIconName; size?: number }) {
  const style = { '--icon-size': `${size}px` } as CSSProperties;
  return <span className={classes.icon} style={style} aria-hidden="true" dangerouslySetInnerHTML={{ __html: iconSvgs[name] }} />;
}
