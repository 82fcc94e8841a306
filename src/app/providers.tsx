import { MantineProvider } from '@mantine/core';
import type { ReactNode } from 'react';
import { AccountProvider } from '../lib/account/account-context';
import { cssVariablesResolver, theme } from '../theme';

/** Everything every page needs above the router. */
export function Providers({ children }: { children: ReactNode }) {
  return (
    // The light scheme is forced: prerendered HTML then matches the first client render, with no inline script.
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} forceColorScheme="light">
      <AccountProvider>{children}</AccountProvider>
    </MantineProvider>
  );
}
