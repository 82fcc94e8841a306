import { defineIsland } from '../../components/island';
import { ResourceHub } from './resource-hub';

/** The hub with the resources of site.config.ts, which its code loads in the browser. */
export default defineIsland('resources/resource-hub', async () => {
  const { resourceCategories, resources } = await import('../../../site.config');
  return <ResourceHub categories={resourceCategories} resources={resources} />;
});
