/**
 * The custom properties each page's inline CSS keeps (scripts/build/css-variables.ts): what the page uses,
 * directly or through a kept property, and of a page-wide property only the definition that applies.
 */
import { describe, expect, it } from 'vitest';
import { pruneUnusedCustomProperties } from '../../scripts/build/css-variables';

const styles = (html: string) => [...html.matchAll(/<style>([^<]*)<\/style>/g)].map((m) => m[1]);

describe('pruneUnusedCustomProperties', () => {
  it('keeps what the page uses, directly or through a kept property, and drops the rest', () => {
    const html = '<style>:root{--used:var(--via);--via:1px;--unused:2px}</style><p style="margin:var(--used)"></p>';
    expect(styles(pruneUnusedCustomProperties(html))).toEqual([':root{--used:var(--via);--via:1px}']);
  });

  it('drops a page-wide definition a later one overrides, and what only it referred to', () => {
    const html = '<style>:root{--primary:var(--blue);--blue:#00f;--brand:#0f0}</style><style>:root, :host{--primary:var(--brand)}</style><p style="color:var(--primary)"></p>';
    expect(styles(pruneUnusedCustomProperties(html))).toEqual([':root{--brand:#0f0}', ':root, :host{--primary:var(--brand)}']);
  });

  it('lets the colour scheme’s definition win over :root whatever the order, as its specificity does', () => {
    const html =
      '<style>:root[data-mantine-color-scheme=light], :host([data-mantine-color-scheme=light]){--text:#000}</style><style>:root{--text:red}</style><p style="color:var(--text)"></p>';
    expect(styles(pruneUnusedCustomProperties(html))).toEqual([':root[data-mantine-color-scheme=light], :host([data-mantine-color-scheme=light]){--text:#000}', '']);
  });

  it('leaves definitions that apply only sometimes (inside @media) out of the contest', () => {
    const html = '<style>:root{--gap:1px}@media (min-width: 40em){:root{--gap:2px}}</style><p style="gap:var(--gap)"></p>';
    expect(styles(pruneUnusedCustomProperties(html))).toEqual([':root{--gap:1px}@media (min-width: 40em){:root{--gap:2px}}']);
  });
});
