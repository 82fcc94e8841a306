import type { CSSProperties } from 'react';
import type { IconName } from '../config/site-types';
import classes from './icon.module.css';

/** Icons the interface itself uses, beside the ones site.config.ts and content/ may name. */
export type UiIconName = 'facebook' | 'linkedin' | 'x' | 'mail' | 'play' | 'check' | 'menu' | 'close';

/**
 * A decorative icon drawn as a CSS mask over `currentColor`: each name is a class of icon.module.css that
 * carries the SVG, so icons cost no JavaScript and no request, and follow the text colour around them.
 * The text beside it carries the meaning.
 */
export function Icon({ name, size = 24 }: { name: IconName | UiIconName; size?: number }) {
  const style = { '--icon-size': `${size}px` } as CSSProperties;
  return <span className={`${classes.icon} ${classes[name]}`} style={style} aria-hidden="true" />;
}
