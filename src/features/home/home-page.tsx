import { Group, Stack, Text } from '@mantine/core';
import { CardGrid } from '../../components/card-grid';
import { CtaBand } from '../../components/cta-band';
import { FeatureCard } from '../../components/feature-card';
import { Illustration } from '../../components/illustration';
import { Island } from '../../components/island';
import { PageHero } from '../../components/page-hero';
import { ProofBand } from '../../components/proof-band';
import { Section } from '../../components/section';
import { LinkButton } from '../../components/smart-link';
import { youTubeEmbedUrl } from '../../components/video-facade';
import type { HomeContent } from '../../config/site-types';
import testimonialsIsland from './testimonials.island';
import videoIsland from './video.island';

export default function HomePage({ heading, content }: { heading: string; content: HomeContent }) {
  const { hero, stats, services, video, testimonials, about, cta } = content;
  return (
    <>
      <PageHero
        eyebrow={hero.eyebrow}
        title={heading}
        subtitle={hero.subtitle}
        actions={
          <>
            <LinkButton to={hero.primary.to} size="lg" color="yellow.4" c="dark.9">
              {hero.primary.label}
            </LinkButton>
            <LinkButton to={hero.secondary.to} size="lg" variant="white" c="brand.9">
              {hero.secondary.label}
            </LinkButton>
          </>
        }
        aside={<Illustration image={hero.image} priority />}
      />

      <ProofBand label="Our track record" outcomes={stats} />

      <Section title={services.title} intro={services.intro}>
        <CardGrid cols={{ base: 1, sm: 2, md: 4 }}>
          {services.cards.map((card) => (
            <FeatureCard
              key={card.title}
              title={card.title}
              description={card.description}
              icon={card.icon}
              learnMore={card.to}
            />
          ))}
        </CardGrid>
      </Section>

      <Section title={video.title} intro={video.intro} tone="tinted">
        <div style={{ maxWidth: 880, marginInline: 'auto' }}>
          <Island of={videoIsland} props={{ embedUrl: youTubeEmbedUrl(video.youtubeId), title: video.videoTitle, poster: video.poster }} hydrate="interaction" />
        </div>
      </Section>

      <Island of={testimonialsIsland} props={{ title: testimonials.title, intro: testimonials.intro }} hydrate="visible" anchor="testimonials" />

      <Section title={about.title}>
        <CardGrid cols={{ base: 1, md: 2 }} spacing="xl">
          <Stack gap="md">
            {about.body.map((paragraph) => (
              <Text key={paragraph.slice(0, 24)} size="lg">
                {paragraph}
              </Text>
            ))}
            <Group>
              <LinkButton to={about.action.to} variant="outline">
                {about.action.label}
              </LinkButton>
            </Group>
          </Stack>
          <Illustration image={about.image} />
        </CardGrid>
      </Section>

      <CtaBand title={cta.title} body={cta.body} actions={[cta.action]} />
    </>
  );
}

