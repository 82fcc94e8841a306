import { Anchor, Card, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { MemberFileList } from '../../components/member-file-list';
import type { MemberFile } from '../../config/site-types';
import { memberBuckets } from '../../lib/account/member-buckets';
import { loadBackend } from '../../lib/backend/load';

/** A course of site.config.ts as the account page needs it: its slug (what enrolments store), title, page and materials. */
export type CourseMaterials = { slug: string; title: string; path: string; materials: MemberFile[] };

type Loaded = { state: 'loading' } | { state: 'failed'; message: string } | { state: 'ready'; enrolled: CourseMaterials[] };

/**
 * The courses the member enrolled in while signed in, each with its materials. Which ones is the same
 * question the storage policies ask (my_choices('courses')), so every file listed here downloads.
 */
export function YourCourses({ courses, coursesPage }: { courses: CourseMaterials[]; coursesPage: string }) {
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  useEffect(() => {
    let current = true;
    loadBackend()
      .then((client) => client.rpc('my_choices', { p_list: 'courses' }))
      .then(
        ({ data, error }): Loaded => {
          if (error) return { state: 'failed', message: error.message };
          const chosen = new Set(data);
          return { state: 'ready', enrolled: courses.filter((c) => chosen.has(c.slug)) };
        },
        (error: unknown): Loaded => ({ state: 'failed', message: error instanceof Error ? error.message : String(error) }),
      )
      .then((result) => current && setLoaded(result));
    return () => {
      current = false;
    };
  }, [courses]);
  if (loaded.state === 'loading') return <Text aria-live="polite">Loading your courses…</Text>;
  if (loaded.state === 'failed') return <Text role="alert">Your courses could not be loaded: {loaded.message}</Text>;
  if (!loaded.enrolled.length) {
    return (
      <Text>
        None yet. The courses you enrol in while signed in are listed here, with their materials to download.{' '}
        <Anchor href={coursesPage}>See our courses</Anchor>
      </Text>
    );
  }
  return (
    <Stack gap="md">
      {loaded.enrolled.map((course) => (
        <Card key={course.path} withBorder padding="lg" radius="md">
          <Title order={3} size="h4" mb="sm">
            <Anchor href={course.path} inherit>
              {course.title}
            </Anchor>
          </Title>
          {course.materials.length ? (
            <MemberFileList bucket={memberBuckets.courseMaterials} files={course.materials} signedIn label={`Materials of ${course.title}`} />
          ) : (
            <Text size="sm">Its materials come with the course: we send them by email.</Text>
          )}
        </Card>
      ))}
    </Stack>
  );
}
