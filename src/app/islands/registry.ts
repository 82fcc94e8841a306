import type { IslandDefinition, IslandProps } from '../../components/island';

type Loader = () => Promise<IslandDefinition<IslandProps>>;

/**
 * Every island a page can hold, by the name its HTML carries (data-island); the browser loads an
 * island's code from here when the island starts. A page's <Island of={…}> names one of these; the
 * prerender checks that each is listed (src/app/islands/render-islands.tsx).
 */
export const islandLoaders: Record<string, Loader> = {
  'account-control': () => import('../../features/account/account-control').then((m) => m.accountControlIsland as never),
  'auth-dialog': () => import('../../features/account/auth-dialog').then((m) => m.authDialogIsland as never),
  form: () => import('../../features/forms/form-island').then((m) => m.formIsland as never),
  'resource-hub': () => import('../../features/resources/resource-hub').then((m) => m.resourceHubIsland as never),
  staff: () => import('../../features/staff/staff-page').then((m) => m.staffIsland as never),
  testimonials: () => import('../../features/home/testimonials-section').then((m) => m.testimonialsIsland as never),
  video: () => import('../../features/home/video-island').then((m) => m.videoIsland as never),
};
