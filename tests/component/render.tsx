import { MantineProvider } from '@mantine/core';
import { render as rtlRender } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { ToastRegion } from '../../src/components/toaster';
import { cssVariablesResolver, theme } from '../../src/theme';

/** Renders a component the way the site does: inside Mantine's provider and a router, beside the page's toast region. */
export function render(ui: ReactElement, { route = '/' } = {}) {
  return rtlRender(
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} forceColorScheme="light">
      <MemoryRouter initialEntries={[route]}>{ui}</MemoryRouter>
      <ToastRegion />
    </MantineProvider>,
  );
}
