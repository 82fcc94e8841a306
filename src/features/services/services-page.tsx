import { CardGrid } from '../../components/card-grid';
import { services } from '../../../site.config';
import { CtaBand } from '../../components/cta-band';
import { FeatureCard } from '../../components/feature-card';
import { PageHero } from '../../components/page-hero';
import { Section } from '../../components/section';
import type { Service, ServicesOverviewContent } from '../../config/site-types';

/** Each card's title is its link: nine cards, nine names, no row of identical buttons. */
function ServiceCards({ list }: { list: Service[] }) {
  const alone = list.length === 1;
  return (
    <CardGrid cols={{ base: 1, sm: Math.min(2, list.length), md: Math.min(3, list.length) }}>
      {list.map((s) => (
        <FeatureCard key={s.path} title={s.title} description={s.summary} icon={s.icon} to={s.path} wide={alone} />
      ))}
    </CardGrid>
  );
}

export default function ServicesPage({ heading, content }: { heading: string; content: ServicesOverviewContent }) {
  const ungrouped = services.filter((s) => s.group === null);
  return (
    <>
      <PageHero eyebrow="Our services" title={heading} subtitle={content.intro} />
      {content.groups.map((group, index) => (
        <Section key={group.name} title={group.name} intro={group.intro} tone={index % 2 ? 'tinted' : 'plain'}>
          <ServiceCards list={services.filter((s) => s.group === group.name)} />
        </Section>
      ))}
      {ungrouped.length > 0 && (
        <Section title={content.more.title} intro={content.more.intro} tone={content.groups.length % 2 ? 'tinted' : 'plain'}>
          <ServiceCards list={ungrouped} />
        </Section>
      )}
      <CtaBand title={content.cta.title} body={content.cta.body} actions={content.cta.actions} />
    </>
  );
}
