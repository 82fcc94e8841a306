import { Avatar, Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { CardGrid } from '../../components/card-grid';
import { CtaBand } from '../../components/cta-band';
import { FeatureCard } from '../../components/feature-card';
import { PageHero } from '../../components/page-hero';
import { Section } from '../../components/section';
import type { AboutContent, Consultant } from '../../config/site-types';

function initials(name: string) {
  return name
    .replace(/^Dr\.\s+/, '')
    .split(/\s+/)
    .map((part) => part[0])
    .join('')
    .slice(0, 2);
}

export default function AboutPage({ heading, content }: { heading: string; content: AboutContent }) {
  const { intro, consultants, strengths, coreServices, audiences, cta } = content;
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
      <Section title="Why Organizations Choose Us" tone="tinted">
        <CardGrid cols={{ base: 1, sm: 2, md: 3 }}>
          {strengths.map((s) => (
            <FeatureCard key={s.title} {...s} />
          ))}
        </CardGrid>
      </Section>
      <Section title="Our Core Services">
        <CardGrid cols={{ base: 1, sm: 2, md: 3, lg: 5 }}>
          {coreServices.map((s) => (
            <FeatureCard
              key={s.title}
              {...s}
              learnMore={s.to}
            />
          ))}
        </CardGrid>
      </Section>
      <Section title="Who We Serve" tone="tinted">
        <CardGrid cols={{ base: 1, sm: 2, md: 4 }}>
          {audiences.map((a) => (
            <FeatureCard key={a.title} {...a} />
          ))}
        </CardGrid>
      </Section>
      <CtaBand title={cta.title} body={cta.body} actions={[cta.action]} />
    </>
  );
}

function ConsultantCard({ person }: { person: Consultant }) {
  return (
    <Card withBorder padding="xl" radius="md">
      <Group wrap="nowrap" align="flex-start" gap="lg">
        <Avatar size={72} radius="xl" color="brand" variant="filled" aria-hidden="true">
          {initials(person.name)}
        </Avatar>
        <Stack gap="sm">
          <div>
            <Title order={3}>{person.name}</Title>
            <Text c="dimmed" fw={600}>
              {person.role}
            </Text>
          </div>
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
      </Group>
    </Card>
  );
}
