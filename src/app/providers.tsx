import { MantineProvider } from '@mantine/core';
import type { ReactNode } from 'react';
import { cssVariablesResolver, theme } from '../theme';

/**
 * The page's providers in the prerender: the theme's CSS variables and Mantine's global classes are
 * written into the page once here; each island has its own root (src/components/island-root.tsx).
 */
export function Providers({ children }: { children: ReactNode }) {
  return (
    // The light scheme is forced: the HTML needs no colour-scheme script.
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} forceColorScheme="light">
      {children}
    </MantineProvider>
  );
}
