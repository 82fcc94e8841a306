import { Badge, Card, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { CardGrid } from '../../components/card-grid';
import { CtaBand } from '../../components/cta-band';
import { Icon } from '../../components/icon';
import { imageUrl } from '../../components/images';
import { LinkList } from '../../components/link-list';
import { NumberedList } from '../../components/numbered-list';
import { PageHero } from '../../components/page-hero';
import { ProofBand } from '../../components/proof-band';
import { PullQuote } from '../../components/pull-quote';
import { Section } from '../../components/section';
import { consultantAnchor } from '../../config/consultant-anchor';
import type { AboutContent, Consultant } from '../../config/site-types';

export default function AboutPage({ heading, content }: { heading: string; content: AboutContent }) {
  const { intro, consultants, outcomes, strengths, coreServices, audiences, quote, cta } = content;
  return (
    <>
      <PageHero eyebrow="About us" title={heading} subtitle={intro[0]} />
      <Section title="Who We Are" intro={intro[1]}>
        <CardGrid cols={{ base: 1, md: 2 }} spacing="xl">
          {consultants.map((person) => (
            <ConsultantCard key={person.name} person={person} />
          ))}
        </CardGrid>
      </Section>
      <ProofBand label="What our team has done" outcomes={outcomes} />
      <Section title="Why Organizations Choose Us" tone="tinted">
        <NumberedList items={strengths} />
      </Section>
      <Section title="Our Core Services">
        <LinkList items={coreServices} />
      </Section>
      <Section title="Who We Serve" tone="tinted">
        <CardGrid cols={{ base: 1, md: 2 }} spacing="xl">
          <Stack gap="lg" component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {audiences.map((a) => (
              <Group key={a.title} component="li" wrap="nowrap" align="flex-start" gap="md">
                {a.icon && (
                  <ThemeIcon size={40} radius="md" variant="light" aria-hidden="true">
                    <Icon name={a.icon} />
                  </ThemeIcon>
                )}
                <div>
                  <Title order={3} size="h4">
                    {a.title}
                  </Title>
                  <Text c="dimmed">{a.description}</Text>
                </div>
              </Group>
            ))}
          </Stack>
          <PullQuote text={quote.text} by={quote.by} />
        </CardGrid>
      </Section>
      <CtaBand title={cta.title} body={cta.body} actions={[cta.action]} />
    </>
  );
}

function ConsultantCard({ person }: { person: Consultant }) {
  return (
    <Card withBorder padding="xl" radius="md" id={consultantAnchor(person)}>
      <Stack gap="sm">
        <Group wrap="nowrap" gap="lg">
          <img src={imageUrl[person.portrait.key]} alt={person.portrait.alt} width={96} height={96} loading="lazy" decoding="async" />
          <div>
            <Title order={3}>{person.name}</Title>
            <Text c="dimmed" fw={600}>
              {person.role}
            </Text>
          </div>
        </Group>
        {person.bio.map((paragraph) => (
          <Text key={paragraph.slice(0, 24)}>{paragraph}</Text>
        ))}
        <Group gap="xs" aria-label={`${person.name}'s focus areas`} role="list">
          {person.focus.map((f) => (
            <Badge key={f} variant="light" role="listitem">
              {f}
            </Badge>
          ))}
        </Group>
      </Stack>
    </Card>
  );
}
