import { Button, Group, Text } from '@mantine/core';
import { useState, useSyncExternalStore } from 'react';
import { CardGrid } from '../../components/card-grid';
import type { Resource, ResourceCategory } from '../../config/site-types';
import { ResourceCard } from './resource-card';

const ALL = 'All';
/** The address of a filtered view (`/blog?category=Fundraising+%26+Philanthropy`), to share or come back to. */
export const CATEGORY_PARAM = 'category';

interface ResourceHubProps {
  categories: ResourceCategory[];
  resources: Resource[];
}

function scrollToTop() {
  const smooth = !window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  window.scrollTo({ top: 0, behavior: smooth ? 'smooth' : 'auto' });
}

type Choice = ResourceCategory | typeof ALL;
const noChanges = () => () => {};

/** The view's address: the category in the query, nothing for All; the rest of the address kept. */
function showInAddress(choice: Choice) {
  const url = new URL(location.href);
  if (choice === ALL) url.searchParams.delete(CATEGORY_PARAM);
  else url.searchParams.set(CATEGORY_PARAM, choice);
  history.replaceState(history.state, '', url);
}

/**
 * Category filter buttons (default All) over the resource grid, with both empty states, and a way back
 * up that shows everything again. The chosen category is in the page's address, so a filtered view can
 * be shared; the prerendered page shows All, the page's script shows the named category until the island,
 * which starts at once when the address names one, takes over (category-before-code.ts).
 */
export function ResourceHub({ categories, resources }: ResourceHubProps) {
  // The prerender (and hydration) see no query; the browser's next render sees the address.
  const search = useSyncExternalStore(noChanges, () => location.search, () => '');
  const named = new URLSearchParams(search).get(CATEGORY_PARAM);
  const [chosen, setChosen] = useState<Choice | null>(null);
  const selected: Choice = chosen ?? (named && categories.includes(named as ResourceCategory) ? (named as ResourceCategory) : ALL);
  const visible = selected === ALL ? resources : resources.filter((r) => r.category === selected);
  const choose = (choice: Choice) => {
    setChosen(choice);
    showInAddress(choice);
  };

  return (
    <>
      <Group gap="xs" mb="xl" role="group" aria-label="Filter resources by category">
        {[ALL, ...categories].map((category) => (
          <Button
            key={category}
            variant={category === selected ? 'filled' : 'default'}
            aria-pressed={category === selected}
            onClick={() => choose(category as Choice)}
            size="sm"
          >
            {category}
          </Button>
        ))}
      </Group>
      <div aria-live="polite">
        {resources.length === 0 ? (
          <Text size="lg">No resources available at the moment</Text>
        ) : visible.length === 0 ? (
          <Text size="lg">No resources found for this category</Text>
        ) : (
          <CardGrid cols={{ base: 1, sm: 2, md: 3 }}>
            {visible.map((resource) => (
              <ResourceCard key={resource.to} resource={resource} />
            ))}
          </CardGrid>
        )}
      </div>
      <Group justify="center" mt="xl">
        <Button
          variant="outline"
          size="md"
          onClick={() => {
            choose(ALL);
            scrollToTop();
          }}
        >
          Explore All Resources
        </Button>
      </Group>
    </>
  );
}
