/** Hydrates the prerendered page (or renders the dev server's empty shell); loaded by src/main.tsx after the first paint. */
import { StrictMode, startTransition, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { AppRoutes } from './app-routes';
import { Providers } from './providers';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element.');

/**
 * Marks <html data-hydrated> once the shell is live: the page paints before its code runs (decision 017),
 * and this says when its buttons start to answer (end-to-end tests wait for it before they click).
 */
function HydratedMark() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = '';
  }, []);
  return null;
}

const app = (
  <StrictMode>
    <Providers>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </Providers>
    <HydratedMark />
  </StrictMode>
);

// Prerendered pages hydrate (a page whose chunk is still loading keeps its server HTML meanwhile);
// the dev server's empty shell renders from scratch. Hydrating as a transition lets React yield to the
// browser every few milliseconds instead of holding the main thread for the whole form engine, so a
// tap or key during hydration is answered (and no long task blocks the page).
if (container.firstElementChild) {
  startTransition(() => {
    hydrateRoot(container, app);
  });
} else {
  createRoot(container).render(app);
}
