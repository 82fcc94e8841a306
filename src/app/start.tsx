/** Hydrates the prerendered page (or renders the dev server's empty shell); loaded by src/main.tsx after the first paint. */
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { AppRoutes } from './app-routes';
import { Providers } from './providers';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element.');

const app = (
  <StrictMode>
    <Providers>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </Providers>
  </StrictMode>
);

// Prerendered pages hydrate (a page whose chunk is still loading keeps its server HTML meanwhile);
// the dev server's empty shell renders from scratch.
if (container.firstElementChild) hydrateRoot(container, app);
else createRoot(container).render(app);
