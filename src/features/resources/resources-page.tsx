import { Button, Group } from '@mantine/core';
import { resourceCategories, resources } from '../../../site.config';
import { PageHero } from '../../components/page-hero';
import { Section } from '../../components/section';
import { ResourceHub } from './resource-hub';

function scrollToTop() {
  const smooth = !window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  window.scrollTo({ top: 0, behavior: smooth ? 'smooth' : 'auto' });
}

export default function ResourcesPage({ heading }: { heading: string }) {
  return (
    <>
      <PageHero
        eyebrow="Tools & Info"
        title={heading}
        subtitle="Practical articles from our consultants and trusted resources from across the sector, free to read and share."
      />
      <Section title="Browse Resources" intro="Filter by topic to find what you need.">
        <ResourceHub categories={resourceCategories} resources={resources} />
        <Group justify="center" mt="xl">
          <Button variant="outline" size="md" onClick={scrollToTop}>
            Explore All Resources
          </Button>
        </Group>
      </Section>
    </>
  );
}
