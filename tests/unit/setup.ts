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
