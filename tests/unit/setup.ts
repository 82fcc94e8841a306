import { afterEach, beforeEach, vi } from 'vitest';

// A test that makes React or Mantine log an error has a bug even if its assertions pass.
let errors: unknown[][] = [];
beforeEach(() => {
  errors = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    errors.push(args);
  });
});
afterEach(() => {
  vi.restoreAllMocks();
  if (errors.length > 0) throw new Error(`console.error was called:\n${errors.map((e) => e.map(String).join(' ')).join('\n')}`);
});

// Node's fetch says only "fetch failed" and keeps why in `cause`, which test reports drop; a failure on a
// loaded CI machine must name its cause (refused, reset, timed out) and its address to be explicable.
const fetchAsIs = globalThis.fetch;
globalThis.fetch = async (input, init) => {
  try {
    return await fetchAsIs(input, init);
  } catch (error) {
    if (error instanceof TypeError && error.cause instanceof Error) {
      const { code } = error.cause as { code?: string };
      error.message += ` (${code ?? error.cause.name}: ${error.cause.message}; ${init?.method ?? 'GET'} ${String(input instanceof Request ? input.url : input)})`;
    }
    throw error;
  }
};
