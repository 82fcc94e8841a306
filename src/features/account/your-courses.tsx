import { Anchor, Card, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { MemberFileList } from '../../components/member-file-list';
import type { InternalCourse } from '../../config/site-types';
import { loadBackend } from '../../lib/backend/load';
import { courses, courseSlug, memberBuckets, paths } from '../../../site.config';

type Loaded = { state: 'loading' } | { state: 'failed'; message: string } | { state: 'ready'; enrolled: InternalCourse[] };

/**
 * The courses the member enrolled in while signed in, each with its materials. Which ones is the same
 * question the storage policies ask (my_choices('courses')), so every file listed here downloads.
 */
export function YourCourses() {
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  useEffect(() => {
    let current = true;
    loadBackend()
      .then((client) => client.rpc('my_choices', { p_list: 'courses' }))
      .then(
        ({ data, error }): Loaded => {
          if (error) return { state: 'failed', message: error.message };
          const chosen = new Set(data);
          return { state: 'ready', enrolled: courses.filter((c): c is InternalCourse => c.content !== null && chosen.has(courseSlug(c))) };
        },
        (error: unknown): Loaded => ({ state: 'failed', message: error instanceof Error ? error.message : String(error) }),
      )
      .then((result) => current && setLoaded(result));
    return () => {
      current = false;
    };
  }, []);
  if (loaded.state === 'loading') return <Text aria-live="polite">Loading your courses…</Text>;
  if (loaded.state === 'failed') return <Text role="alert">Your courses could not be loaded: {loaded.message}</Text>;
  if (!loaded.enrolled.length) {
    return (
      <Text>
        None yet. The courses you enrol in while signed in are listed here, with their materials to download.{' '}
        <Anchor href={paths.courses}>See our courses</Anchor>
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
          {course.materials?.length ? (
            <MemberFileList bucket={memberBuckets.courseMaterials} files={course.materials} signedIn label={`Materials of ${course.title}`} />
          ) : (
            <Text size="sm">Its materials come with the course: we send them by email.</Text>
          )}
        </Card>
      ))}
    </Stack>
  );
}
