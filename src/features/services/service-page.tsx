import { Anchor, Group, List, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { CardGrid } from '../../components/card-grid';
import { services } from '../../../site.config';
import { CtaBand } from '../../components/cta-band';
import { FeatureCard } from '../../components/feature-card';
import { Icon } from '../../components/icon';
import { PageHero } from '../../components/page-hero';
import { Section } from '../../components/section';
import { NumberedList } from '../../components/numbered-list';
import { LinkButton } from '../../components/smart-link';
import type { Service, ServiceContent } from '../../config/site-types';

/**
 * One template for every service: hero to /contact, the service's own sections, then its closing button;
 * those two are the page's calls to action (docs/design.md: one primary call to action per page).
 */
export default function ServicePage({ service, content }: { service: Service; content: ServiceContent }) {
  const related = services.filter((s) => service.related.includes(s.path));
  return (
    <>
      <PageHero
        eyebrow={service.group ?? 'Our services'}
        title={service.title}
        subtitle={service.tagline}
        actions={
          <LinkButton to={'/contact'} size="lg" color="yellow.4" c="dark.9">
            {service.heroAction}
          </LinkButton>
        }
        aside={
          <ThemeIcon size={160} radius={80} variant="white" visibleFrom="md" aria-hidden="true" style={{ justifySelf: 'center' }}>
            <Icon name={service.icon} size={88} />
          </ThemeIcon>
        }
      />

      <Section title="Overview">
        <Stack gap="md" maw={820}>
          {content.intro.map((p) => (
            <Text key={p.slice(0, 24)} size="lg">
              {p}
            </Text>
          ))}
        </Stack>
      </Section>

      <Section title="How We Help" tone="tinted">
        <CardGrid cols={{ base: 1, sm: 2, md: content.sections.length > 3 ? 3 : content.sections.length }}>
          {content.sections.map((section) => (
            <Stack key={section.title} gap="xs">
              <Title order={3} size="h4">
                {section.title}
              </Title>
              <Text>{section.body}</Text>
              {section.points && (
                <List spacing={4} size="sm">
                  {section.points.map((point) => (
                    <List.Item key={point}>{point}</List.Item>
                  ))}
                </List>
              )}
            </Stack>
          ))}
        </CardGrid>
      </Section>

      {content.process && (
        <Section title={content.process.title} intro={content.process.intro}>
          <NumberedList items={content.process.steps} columns={4} />
        </Section>
      )}

      {content.aiInsights && (
        <Section title={content.aiInsights.title} intro={content.aiInsights.intro} tone="tinted">
          <CardGrid cols={{ base: 1, md: 3 }}>
            {content.aiInsights.points.map((point) => (
              <FeatureCard key={point.title} {...point} />
            ))}
          </CardGrid>
        </Section>
      )}

      {related.length > 0 && (
        <Section title="Related Services">
          <Group gap="xl">
            {related.map((s) => (
              <Anchor key={s.path} href={s.path} fw={600}>
                {s.title}
              </Anchor>
            ))}
          </Group>
        </Section>
      )}

      <CtaBand title={service.closing.title} body={service.closing.body} actions={[{ label: service.closing.label, to: service.closing.to }]} />
    </>
  );
}
