import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach } from 'vitest';

// findBy* waits 1 s by default, which a component's lazily imported part (the testimonials carousel) can
// take to be transformed and loaded when the other worker starts whole sites on a two-core machine (CI
// failed that way once); what these tests check is what shows, not how soon.
configure({ asyncUtilTimeout: 5_000 });

// jsdom lacks the browser APIs Mantine and embla rely on.
if (typeof window !== 'undefined') {
  window.matchMedia ??= (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
  window.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
  window.IntersectionObserver ??= class {
    readonly root = null;
    readonly rootMargin = '';
    readonly thresholds = [];
    observe() {}
    unobserve() {}
    disconnect() {}
    takeRecords() {
      return [];
    }
  } as unknown as typeof IntersectionObserver;
  Element.prototype.scrollIntoView ??= () => {};
}

afterEach(cleanup);
// React's scheduler runs queued work on a later turn (setImmediate); work queued as a file's last test ends
// must run while the DOM still exists, or it throws "window is not defined" after the teardown (seen once
// on a loaded two-core machine, from tests/component/schema-engine.test.tsx).
afterAll(() => new Promise<void>((resolve) => setImmediate(() => setTimeout(resolve, 10))));
