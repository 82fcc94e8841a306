import { Island } from '../../components/island';
import { PageHero } from '../../components/page-hero';
import { Section } from '../../components/section';
import resourceHubIsland from './resource-hub.island';
import { CATEGORY_PARAM } from './resource-hub';
import { categoryBeforeCode } from './category-before-code';
import memberResourcesIsland from './member-resources.island';
import { accountIsland } from '../../lib/account/account-context';

export default function ResourcesPage({ heading }: { heading: string }) {
  return (
    <>
      <PageHero
        eyebrow="Tools & Info"
        title={heading}
        subtitle="Practical articles from our consultants and trusted resources from across the sector, free to read and share."
      />
      <Section title="Browse Resources" intro="Filter by topic to find what you need.">
        <Island of={resourceHubIsland} props={{}} hydrate="interaction" early={[`query:${CATEGORY_PARAM}`]} />
        {/* Right after the hub, outside its React root: the page's HTML, run as the parser reaches it. */}
        <script dangerouslySetInnerHTML={{ __html: categoryBeforeCode(CATEGORY_PARAM) }} />
      </Section>
      <Section title="Members' Toolkits & Templates" intro="Worksheets and templates our consultants use with clients, to download with a free account.">
        <Island of={memberResourcesIsland} props={{}} {...accountIsland} />
      </Section>
    </>
  );
}
