import book from '@tabler/icons/outline/book.svg';
import facebook from '@tabler/icons/outline/brand-facebook.svg';
import linkedin from '@tabler/icons/outline/brand-linkedin.svg';
import x from '@tabler/icons/outline/brand-x.svg';
import buildingCommunity from '@tabler/icons/outline/building-community.svg';
import bulb from '@tabler/icons/outline/bulb.svg';
import certificate from '@tabler/icons/outline/certificate.svg';
import chartBar from '@tabler/icons/outline/chart-bar.svg';
import check from '@tabler/icons/outline/check.svg';
import clock from '@tabler/icons/outline/clock.svg';
import coin from '@tabler/icons/outline/coin.svg';
import compass from '@tabler/icons/outline/compass.svg';
import devices from '@tabler/icons/outline/devices.svg';
import fileText from '@tabler/icons/outline/file-text.svg';
import heartHandshake from '@tabler/icons/outline/heart-handshake.svg';
import heart from '@tabler/icons/outline/heart.svg';
import home from '@tabler/icons/outline/home.svg';
import mail from '@tabler/icons/outline/mail.svg';
import route from '@tabler/icons/outline/route.svg';
import school from '@tabler/icons/outline/school.svg';
import shieldCheck from '@tabler/icons/outline/shield-check.svg';
import sparkles from '@tabler/icons/outline/sparkles.svg';
import target from '@tabler/icons/outline/target.svg';
import usersGroup from '@tabler/icons/outline/users-group.svg';
import world from '@tabler/icons/outline/world.svg';
import play from '@tabler/icons/filled/player-play.svg';
import type { CSSProperties } from 'react';
import type { IconName } from '../config/site-types';
import classes from './icon.module.css';

/** Icons the interface itself uses, beside the ones site.config.ts and content/ may name. */
export type UiIconName = 'facebook' | 'linkedin' | 'x' | 'mail' | 'play' | 'check';

const icons: Record<IconName | UiIconName, string> = {
  compass,
  users: usersGroup,
  sparkles,
  chart: chartBar,
  building: buildingCommunity,
  coins: coin,
  shield: shieldCheck,
  home,
  devices,
  handshake: heartHandshake,
  target,
  route,
  bulb,
  heart,
  school,
  certificate,
  clock,
  book,
  file: fileText,
  world,
  facebook,
  linkedin,
  x,
  mail,
  play,
  check,
};

/**
 * A decorative icon drawn as a CSS mask over `currentColor`: each SVG is a cached file, so icons
 * cost no JavaScript and follow the text colour around them. The text beside it carries the meaning.
 */
export function Icon({ name, size = 24 }: { name: IconName | UiIconName; size?: number }) {
  const style = { '--icon': `url("${icons[name]}")`, '--icon-size': `${size}px` } as CSSProperties;
  return <span className={classes.icon} style={style} aria-hidden="true" />;
}
