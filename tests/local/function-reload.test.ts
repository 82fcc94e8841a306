/**
 * `npm run dev` restarts the edge functions when a save regenerates what they import (the staff email's
 * form table): the new processes answer before the old ones stop, and the supervisor does not take the
 * old ones' exit for a crash.
 */
import { expect, it } from 'vitest';
import { startFunctions } from '../../supabase/local/functions';
import { alive } from '../support/processes';


it('reload() swaps every function for a fresh process that answers, and stops the old ones for good', async () => {
  const runner = await startFunctions({ SUPABASE_URL: 'http://127.0.0.1:9', SUPABASE_ANON_KEY: 'x', SUPABASE_SERVICE_ROLE_KEY: 'x' });
  try {
    const before = [...runner.functions.values()].map((f) => f.process.pid!);
    expect(before.length).toBeGreaterThan(0);
    await runner.reload();
    const after = [...runner.functions.values()];
    expect(after.map((f) => f.process.pid)).not.toEqual(expect.arrayContaining(before));
    await expect.poll(() => before.filter(alive), { timeout: 5_000, interval: 100 }).toEqual([]);
    for (const f of after) {
      const response = await fetch(`http://127.0.0.1:${f.port}/${f.name}`, { method: 'OPTIONS' });
      expect(response.status).toBeLessThan(500);
    }
    // Nothing restarts the replaced processes behind the runner's back.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect([...runner.functions.values()].map((f) => f.process.pid)).toEqual(after.map((f) => f.process.pid));
  } finally {
    await runner.close();
  }
}, 90_000);
