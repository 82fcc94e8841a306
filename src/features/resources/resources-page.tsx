import { Island } from '../../components/island';
import { PageHero } from '../../components/page-hero';
import { Section } from '../../components/section';
import resourceHubIsland from './resource-hub.island';

export default function ResourcesPage({ heading }: { heading: string }) {
  return (
    <>
      <PageHero
        eyebrow="Tools & Info"
        title={heading}
        subtitle="Practical articles from our consultants and trusted resources from across the sector, free to read and share."
      />
      <Section title="Browse Resources" intro="Filter by topic to find what you need.">
        <Island of={resourceHubIsland} props={{}} hydrate="interaction" />
      </Section>
    </>
  );
}
