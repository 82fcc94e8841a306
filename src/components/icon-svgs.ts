/**
 * The SVG of every icon name (IconName and UiIconName), from @tabler/icons, drawn inline by <Icon>: inline
 * SVG is part of the page's own document, where an SVG image (a CSS mask or <img>) costs the browser a
 * document of its own to parse and lay out before the first paint (decision 025).
 */
import compassSvg from '@tabler/icons/outline/compass.svg?raw';
import usersSvg from '@tabler/icons/outline/users-group.svg?raw';
import sparklesSvg from '@tabler/icons/outline/sparkles.svg?raw';
import chartSvg from '@tabler/icons/outline/chart-bar.svg?raw';
import buildingSvg from '@tabler/icons/outline/building-community.svg?raw';
import coinsSvg from '@tabler/icons/outline/coin.svg?raw';
import shieldSvg from '@tabler/icons/outline/shield-check.svg?raw';
import homeSvg from '@tabler/icons/outline/home.svg?raw';
import devicesSvg from '@tabler/icons/outline/devices.svg?raw';
import handshakeSvg from '@tabler/icons/outline/heart-handshake.svg?raw';
import targetSvg from '@tabler/icons/outline/target.svg?raw';
import routeSvg from '@tabler/icons/outline/route.svg?raw';
import bulbSvg from '@tabler/icons/outline/bulb.svg?raw';
import heartSvg from '@tabler/icons/outline/heart.svg?raw';
import schoolSvg from '@tabler/icons/outline/school.svg?raw';
import certificateSvg from '@tabler/icons/outline/certificate.svg?raw';
import clockSvg from '@tabler/icons/outline/clock.svg?raw';
import bookSvg from '@tabler/icons/outline/book.svg?raw';
import fileSvg from '@tabler/icons/outline/file-text.svg?raw';
import worldSvg from '@tabler/icons/outline/world.svg?raw';
import facebookSvg from '@tabler/icons/outline/brand-facebook.svg?raw';
import linkedinSvg from '@tabler/icons/outline/brand-linkedin.svg?raw';
import xSvg from '@tabler/icons/outline/brand-x.svg?raw';
import mailSvg from '@tabler/icons/outline/mail.svg?raw';
import playSvg from '@tabler/icons/filled/player-play.svg?raw';
import checkSvg from '@tabler/icons/outline/check.svg?raw';
import menuSvg from '@tabler/icons/outline/menu-2.svg?raw';
import closeSvg from '@tabler/icons/outline/x.svg?raw';
import arrowRightSvg from '@tabler/icons/outline/arrow-right.svg?raw';
import type { IconName } from '../config/site-types';
import type { UiIconName } from './icon';

const raw: Record<IconName | UiIconName, string> = {
  compass: compassSvg,
  users: usersSvg,
  sparkles: sparklesSvg,
  chart: chartSvg,
  building: buildingSvg,
  coins: coinsSvg,
  shield: shieldSvg,
  home: homeSvg,
  devices: devicesSvg,
  handshake: handshakeSvg,
  target: targetSvg,
  route: routeSvg,
  bulb: bulbSvg,
  heart: heartSvg,
  school: schoolSvg,
  certificate: certificateSvg,
  clock: clockSvg,
  book: bookSvg,
  file: fileSvg,
  world: worldSvg,
  facebook: facebookSvg,
  linkedin: linkedinSvg,
  x: xSvg,
  mail: mailSvg,
  play: playSvg,
  check: checkSvg,
  menu: menuSvg,
  close: closeSvg,
  arrowRight: arrowRightSvg,
};

/** The file's markup without what the page sets itself: namespace, class, size, and Tabler's empty bounding path. */
const clean = (svg: string) =>
  svg
    .replace(/\s+(xmlns|class|width|height)="[^"]*"/g, '')
    .replace(/<path stroke="none" d="M0 0h24v24H0z" fill="none"\s*\/>/, '')
    .replace(/\s+/g, ' ')
    .replace(/\s*(\/?>)\s*/g, '$1')
    .trim();

export const iconSvgs = Object.fromEntries(Object.entries(raw).map(([name, svg]) => [name, clean(svg)])) as Record<IconName | UiIconName, string>;
