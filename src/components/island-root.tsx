import { MantineProvider } from '@mantine/core';
import { StrictMode, useLayoutEffect, type ReactNode } from 'react';
import { AccountProvider } from '../lib/account/account-context';
import { cssVariablesResolver, theme } from '../theme';
import { IslandErrorBoundary } from './island-error-boundary';

const nothing = () => {};

/**
 * Says when React has committed the island: layout effects run child first, so its own have run too, and
 * it sits outside the error boundary, so an island that failed to render and shows why has committed too.
 */
function Committed({ onCommit, children }: { onCommit: () => void; children: ReactNode }) {
  useLayoutEffect(onCommit, [onCommit]);
  return children;
}

/**
 * What every island's React root is wrapped in, in the prerender and in the browser alike, so both
 * render the same tree. The page carries the theme's CSS variables and Mantine's global classes once
 * (src/app/providers.tsx), so an island adds neither.
 */
export function IslandRoot({ children, onCommit = nothing }: { children: ReactNode; onCommit?: () => void }) {
  return (
    <StrictMode>
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} forceColorScheme="light" withCssVariables={false} withGlobalClasses={false}>
        <Committed onCommit={onCommit}>
          <IslandErrorBoundary>
            <AccountProvider>{children}</AccountProvider>
          </IslandErrorBoundary>
        </Committed>
      </MantineProvider>
    </StrictMode>
  );
}
