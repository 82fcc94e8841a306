/**
 * Illustrations drawn inline, as the icons are (decision 025): the home page's, on its first screen. An SVG
 * image, even a data: one, is a document of its own that the browser parses and lays out on the page's
 * main thread; inline it is part of the page, and its paint needs no request (decision 017). The others
 * stay files, fetched when scrolled near: inline, each would cost every visit its bytes in the first round
 * trip. An inline drawing's ids are the page's, so each starts with its key (tests/unit/illustrations.test.ts).
 */
import hero from '../assets/images/hero.svg?raw';
import type { ImageKey } from '../config/site-types';

export const inlineIllustrations: Partial<Record<ImageKey, string>> = {
  hero: hero.replace(/\s+xmlns="[^"]*"/, '').trim(),
};
