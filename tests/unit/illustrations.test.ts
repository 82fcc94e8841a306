import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import about from '../../content/about';
import home from '../../content/home';
import { courses, resources } from '../../site.config';
import { categoryImage, imageUrl } from '../../src/components/images';
import { inlineIllustrations } from '../../src/components/inline-illustrations';
import type { ImageKey } from '../../src/config/site-types';

/** Every place the site shows a picture it names itself, with where it is (for the failure message). */
const chosen: { key: ImageKey; where: string }[] = [
  { key: home.hero.image.key, where: 'home hero' },
  { key: home.video.poster.key, where: 'home video poster' },
  { key: home.about.image.key, where: 'home about teaser' },
  ...courses.map((c) => ({ key: c.image.key, where: `course ${c.title}` })),
  ...resources.flatMap((r) => (r.image ? [{ key: r.image.key, where: `resource ${r.title}` }] : [])),
  ...about.consultants.map((p) => ({ key: p.portrait.key, where: `portrait of ${p.name}` })),
];

describe('illustrations (issue 25: one per topic)', () => {
  it('a picture chosen for one place is shown nowhere else', () => {
    const seen = new Map<ImageKey, string>();
    for (const { key, where } of chosen) {
      expect(seen.get(key), `${where} shows "${key}", already shown by ${seen.get(key)}`).toBeUndefined();
      seen.set(key, where);
    }
  });

  it('a category picture stands for its category only, and for no course, page or person', () => {
    const fallbacks = Object.entries(categoryImage).map(([category, image]) => ({ category, key: image.key }));
    expect(new Set(fallbacks.map((f) => f.key)).size).toBe(fallbacks.length);
    for (const { key, where } of chosen) {
      expect(fallbacks.find((f) => f.key === key), `${where} shows the category picture "${key}"`).toBeUndefined();
    }
  });

  it('every illustration file has its key (portrait-maya.svg is portraitMaya), and every key its file', () => {
    const files = readdirSync(join(import.meta.dirname, '../../src/assets/images')).filter((f) => f.endsWith('.svg'));
    const keys = files.map((f) => f.replace(/\.svg$/, '').replace(/-(\w)/g, (_, c: string) => c.toUpperCase()));
    expect(Object.keys(imageUrl).sort()).toEqual(keys.sort());
  });

  it('an illustration drawn inline names only ids of its own, so it cannot take another drawing’s gradient on the same page', () => {
    expect(Object.keys(inlineIllustrations).length).toBeGreaterThan(0);
    for (const [key, markup] of Object.entries(inlineIllustrations)) {
      const ids = [...markup!.matchAll(/\sid="([^"]+)"/g)].map((m) => m[1]!);
      const named = [...markup!.matchAll(/url\(#([^)]+)\)|href="#([^"]+)"/g)].map((m) => m[1] ?? m[2]!);
      for (const id of [...ids, ...named]) expect(id, `${key}: id "${id}"`).toMatch(new RegExp(`^${key}-`));
      expect(named.filter((id) => !ids.includes(id)), `${key} names an id it does not have`).toEqual([]);
    }
  });
});
