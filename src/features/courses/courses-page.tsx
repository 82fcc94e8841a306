import { Badge, Card, Group, Stack, Text } from '@mantine/core';
import { CardGrid } from '../../components/card-grid';
import { courseGrid, courses, featuredCourse } from '../../../site.config';
import { Illustration } from '../../components/illustration';
import { PageHero } from '../../components/page-hero';
import { Section } from '../../components/section';
import { LinkButton } from '../../components/smart-link';
import type { Course, CoursesOverviewContent } from '../../config/site-types';
import { CourseCard } from './course-card';
import { priceLabel } from '../../lib/course-price';
import { courseFacts } from './format';

function courseAt(path: Course['path']): Course {
  const course = courses.find((c) => c.path === path);
  if (!course) throw new Error(`site.config.ts: no course at ${path}`);
  return course;
}

export default function CoursesPage({ heading, content }: { heading: string; content: CoursesOverviewContent }) {
  const featured = courseAt(featuredCourse);
  return (
    <>
      <PageHero eyebrow="Courses" title={heading} subtitle={content.intro} />
      <Section title={featured.title} intro={content.featured.eyebrow}>
        <Card withBorder radius="lg" padding="xl">
          <CardGrid cols={{ base: 1, md: 2 }} spacing="xl">
            <Illustration image={featured.image} />
            <Stack gap="md" justify="center">
              <Group gap="xs">
                {[...courseFacts(featured), featured.level].map((fact) => (
                  <Badge key={fact} variant="light" size="lg">
                    {fact}
                  </Badge>
                ))}
              </Group>
              <Text size="lg">{content.featured.body}</Text>
              <Group>
                <LinkButton to={featured.path} size="lg">
                  {`Sign Up Now for ${priceLabel(featured)}`}
                </LinkButton>
              </Group>
            </Stack>
          </CardGrid>
        </Card>
      </Section>
      <Section title={content.gridTitle} intro={content.gridIntro} tone="tinted">
        <CardGrid cols={{ base: 1, sm: 2, lg: 4 }}>
          {courseGrid.map((path) => (
            <CourseCard key={path} course={courseAt(path)} />
          ))}
        </CardGrid>
      </Section>
    </>
  );
}

