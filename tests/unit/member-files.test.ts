/**
 * The files members download are declared in site.config.ts and kept in supabase/storage/<bucket>/,
 * which `npm start` and the deploy upload (supabase/config.toml [storage.buckets.*]). A declared file that
 * is missing, a file nobody declared, a course's material outside its course's folder (which the storage
 * policy reads) or a type its bucket refuses would each leave a member with a broken Download.
 */
import { readdirSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import { courses, courseSlug, memberBuckets, memberResources } from '../../site.config';
import type { InternalCourse, MemberFile } from '../../src/config/site-types';
import { parseSize, readStorageConfig } from '../../supabase/local/storage/config';
import { mimeTypeOf } from '../../supabase/local/storage/seed';

const storage = readStorageConfig();
const filesIn = (dir: string): string[] =>
  readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)).split(sep).join('/'));

const declared: Record<string, { file: MemberFile; course?: InternalCourse }[]> = {
  [memberBuckets.courseMaterials]: courses.flatMap((course) => (course.content ? (course.materials ?? []).map((file) => ({ file, course })) : [])),
  [memberBuckets.memberResources]: memberResources.map((file) => ({ file })),
};

describe('members’ files', () => {
  for (const [bucketId, entries] of Object.entries(declared)) {
    const bucket = storage.buckets.find((b) => b.id === bucketId);
    it(`has the bucket ${bucketId} in supabase/config.toml, private, with its files' folder`, () => {
      expect(bucket).toMatchObject({ public: false });
      expect(bucket!.objectsPath).toBe(join(import.meta.dirname, '..', '..', 'supabase', 'storage', bucketId));
    });
    it(`keeps exactly the declared files of ${bucketId}, each of a type and size the bucket takes`, () => {
      expect(filesIn(bucket!.objectsPath!).sort()).toEqual(entries.map((e) => e.file.file).sort());
      for (const { file, course } of entries) {
        if (course) expect(file.file.split('/')[0], file.file).toBe(courseSlug(course));
        expect(bucket!.allowedMimeTypes, file.file).toContain(mimeTypeOf(file.file));
        expect(statSync(join(bucket!.objectsPath!, file.file)).size).toBeLessThanOrEqual(bucket!.fileSizeLimit ?? storage.fileSizeLimit);
      }
    });
  }
  it('reads sizes as the Supabase CLI writes them, and says how to fix one it cannot read', () => {
    expect([parseSize('5MiB', 'x'), parseSize('50MB', 'x'), parseSize(1024, 'x'), parseSize('1.5 KiB', 'x')]).toEqual([5 * 1024 ** 2, 50_000_000, 1024, 1536]);
    expect(() => parseSize('five megs', '[storage.buckets.x] file_size_limit')).toThrow('[storage.buckets.x] file_size_limit = "five megs" is not a size. Write it as "5MiB"');
  });
});
