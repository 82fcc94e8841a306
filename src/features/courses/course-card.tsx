import { Badge, Card, Group, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { Illustration } from '../../components/illustration';
import { LinkButton } from '../../components/smart-link';
import type { Course } from '../../config/site-types';
import { isExternal } from '../../lib/links';
import { priceLabel } from '../../lib/course-price';
import { courseFacts } from './format';

/** Internal courses read Learn More; courses hosted elsewhere read View Course and open a new tab. */
export function CourseCard({ course }: { course: Course }) {
  const external = isExternal(course.path);
  return (
    <Card withBorder padding="lg" radius="md" h="100%">
      <Card.Section>
        <Illustration image={course.image} />
      </Card.Section>
      <Stack gap="xs" mt="md" style={{ flexGrow: 1 }}>
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Title order={3} size="h4">
            {course.title}
          </Title>
          <Badge size="lg" variant="light" style={{ flexShrink: 0 }}>
            {priceLabel(course)}
          </Badge>
        </Group>
        <Text size="sm" c="dimmed">
          {[...courseFacts(course), course.level].join(' · ')}
        </Text>
        <Text style={{ flexGrow: 1 }}>{course.summary}</Text>
        <LinkButton to={course.path} variant={external ? 'outline' : 'filled'}>
          {external ? 'View Course' : 'Learn More'}
          <VisuallyHidden>: {course.title}</VisuallyHidden>
        </LinkButton>
      </Stack>
    </Card>
  );
}
