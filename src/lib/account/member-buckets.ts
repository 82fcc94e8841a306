/**
 * The Supabase Storage buckets members download from (supabase/config.toml [storage.buckets.*]); their
 * storage policies are in supabase/migrations/20261127210000_members_download_course_materials.sql.
 * A module of its own, so the pages that download (islands) need not load site.config.ts.
 */
export const memberBuckets = { courseMaterials: 'course-materials', memberResources: 'member-resources' } as const;

export type MemberBucket = (typeof memberBuckets)[keyof typeof memberBuckets];
