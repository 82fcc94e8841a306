import type { CSSProperties } from 'react';
import type { IconName } from '../config/site-types';
import classes from './icon.module.css';

/** Icons the interface itself uses, beside the ones site.config.ts and content/ may name. */
export type UiIconName = 'facebook' | 'linkedin' | 'x' | 'mail' | 'play' | 'check';

/** Each name's class in icon.module.css, which carries the SVG. */
const icons: Record<IconName | UiIconName, string | undefined> = {
  compass: classes.compass,
  users: classes.users,
  sparkles: classes.sparkles,
  chart: classes.chart,
  building: classes.building,
  coins: classes.coins,
  shield: classes.shield,
  home: classes.home,
  devices: classes.devices,
  handshake: classes.handshake,
  target: classes.target,
  route: classes.route,
  bulb: classes.bulb,
  heart: classes.heart,
  school: classes.school,
  certificate: classes.certificate,
  clock: classes.clock,
  book: classes.book,
  file: classes.file,
  world: classes.world,
  facebook: classes.facebook,
  linkedin: classes.linkedin,
  x: classes.x,
  mail: classes.mail,
  play: classes.play,
  check: classes.check,
};

/**
 * A decorative icon drawn as a CSS mask over `currentColor`: the SVG is part of the stylesheet, so icons
 * cost no JavaScript and no request, and follow the text colour around them. The text beside it carries the meaning.
 */
export function Icon({ name, size = 24 }: { name: IconName | UiIconName; size?: number }) {
  const style = { '--icon-size': `${size}px` } as CSSProperties;
  return <span className={`${classes.icon} ${icons[name]}`} style={style} aria-hidden="true" />;
}
