import { Badge, Card, Stack, Text, Title } from '@mantine/core';
import { Illustration } from '../../components/illustration';
import { categoryImage } from '../../components/images';
import { LinkButton } from '../../components/smart-link';
import type { Resource } from '../../config/site-types';
import { isExternal } from '../../lib/links';
import { Byline } from './byline';

export function ResourceCard({ resource }: { resource: Resource }) {
  const external = isExternal(resource.to);
  return (
    <Card withBorder padding="lg" radius="md" h="100%" component="article" data-category={resource.category}>
      <Card.Section>
        <Illustration image={resource.image ?? categoryImage[resource.category]} />
      </Card.Section>
      <Stack gap="xs" mt="md" style={{ flexGrow: 1 }}>
        <Badge variant="light" style={{ alignSelf: 'flex-start' }}>
          {resource.category}
        </Badge>
        <Title order={3} size="h4">
          {resource.title}
        </Title>
        {resource.content && <Byline resource={resource} />}
        <Text c="dimmed" lineClamp={3} style={{ flexGrow: 1 }}>
          {resource.description}
        </Text>
        <LinkButton to={resource.to} variant="light" aria-label={`${external ? 'Visit resource' : 'Read article'}: ${resource.title}`}>
          {external ? 'Visit Resource' : 'Read Article'}
        </LinkButton>
      </Stack>
    </Card>
  );
}
