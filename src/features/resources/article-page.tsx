import { Badge, Blockquote, Box, Container, List, Stack, Text, Title } from '@mantine/core';
import { CtaBand } from '../../components/cta-band';
import { categoryImage } from '../../components/images';
import { Illustration } from '../../components/illustration';
import { SmartAnchor } from '../../components/smart-link';
import { PageHero } from '../../components/page-hero';
import type { ArticleContent, Consultant, InternalResource } from '../../config/site-types';
import { Byline } from './byline';

export default function ArticlePage({ resource, content, author }: { resource: InternalResource; content: ArticleContent; author: Consultant }) {
  return (
    <>
      <PageHero
        eyebrow={resource.category}
        title={resource.title}
        subtitle={resource.description}
        aside={
          <Box visibleFrom="md">
            <Illustration image={resource.image ?? categoryImage[resource.category]} />
          </Box>
        }
      />
      <Container size="sm" py={48} component="article">
        <Stack gap="xl">
          <SmartAnchor to="/blog">← Back to Tools & Info</SmartAnchor>
          <Byline resource={resource} author={author} />
          {content.sections.map((section) => (
            <Stack key={section.title} gap="sm">
              <Title order={2}>{section.title}</Title>
              {section.body.map((p) => (
                <Text key={p.slice(0, 24)} size="lg">
                  {p}
                </Text>
              ))}
              {section.points && (
                <List spacing={6} size="lg">
                  {section.points.map((point) => (
                    <List.Item key={point}>{point}</List.Item>
                  ))}
                </List>
              )}
            </Stack>
          ))}
          <Blockquote color="brand">
            <Badge variant="light" mb="xs">
              Key takeaway
            </Badge>
            <Text size="lg">{content.takeaway}</Text>
          </Blockquote>
        </Stack>
      </Container>
      <CtaBand
        title="Want Help Putting This Into Practice?"
        body="Tell us about your organization and we will suggest a practical first step."
        actions={[{ label: 'Get Your Free Assessment', to: '/assessment' }]}
      />
    </>
  );
}
