import { Button, Group, Text } from '@mantine/core';
import { useState } from 'react';
import { CardGrid } from '../../components/card-grid';
import type { Resource, ResourceCategory } from '../../config/site-types';
import { ResourceCard } from './resource-card';

const ALL = 'All';

interface ResourceHubProps {
  categories: ResourceCategory[];
  resources: Resource[];
}

function scrollToTop() {
  const smooth = !window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  window.scrollTo({ top: 0, behavior: smooth ? 'smooth' : 'auto' });
}

/** Category filter buttons (default All) over the resource grid, with both empty states, and a way back up. */
export function ResourceHub({ categories, resources }: ResourceHubProps) {
  const [selected, setSelected] = useState<ResourceCategory | typeof ALL>(ALL);
  const visible = selected === ALL ? resources : resources.filter((r) => r.category === selected);

  return (
    <>
      <Group gap="xs" mb="xl" role="group" aria-label="Filter resources by category">
        {[ALL, ...categories].map((category) => (
          <Button
            key={category}
            variant={category === selected ? 'filled' : 'default'}
            aria-pressed={category === selected}
            onClick={() => setSelected(category as ResourceCategory | typeof ALL)}
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
        <Button variant="outline" size="md" onClick={scrollToTop}>
          Explore All Resources
        </Button>
      </Group>
    </>
  );
}
