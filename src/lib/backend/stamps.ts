/**
 * A submission's id is its proof of work (docs/decisions/029): about 2^18 SHA-256 hashes, which the
 * database checks. The page finds one in a Web Worker as soon as the visitor starts on a form, so by
 * the time they press Send it is usually ready and the work costs them nothing they notice.
 */
/** The database takes stamps up to 2 days old; one found for a tab left open overnight is found again. */
const FRESH_FOR_MS = 12 * 60 * 60 * 1000;

const ready = new Map<string, { stamp: Promise<string>; at: number }>();
const waiting = new Map<number, { resolve: (id: string) => void; reject: (error: Error) => void }>();
let worker: Worker | null = null;
let jobs = 0;

function startWorker(): Worker {
  const started = new Worker(new URL('./stamp.worker.ts', import.meta.url), { type: 'module' });
  started.onmessage = (event: MessageEvent<{ job: number; id: string }>) => {
    waiting.get(event.data.job)?.resolve(event.data.id);
    waiting.delete(event.data.job);
  };
  started.onerror = () => {
    // A browser that cannot start it (an old one, a strict extension): the work is done on the page instead.
    for (const job of waiting.values()) job.reject(new Error('The stamp worker did not start.'));
    waiting.clear();
  };
  return started;
}

// The hashing code (and form-model's STAMP_BITS) is loaded only by the worker, or here when it cannot run.
async function onThePage(table: string): Promise<string> {
  const { mineStamp } = await import('../../../form-model/stamp');
  return mineStamp(table);
}

function mine(table: string): Promise<string> {
  if (typeof Worker === 'undefined') return onThePage(table);
  worker ??= startWorker();
  const job = jobs++;
  const found = new Promise<string>((resolve, reject) => waiting.set(job, { resolve, reject }));
  worker.postMessage({ job, table });
  return found.catch(() => onThePage(table));
}

/** Starts finding the next stamp for a row of `table`, unless one is found or being found already. */
export function prepareStamp(table: string): void {
  const found = ready.get(table);
  if (!found || Date.now() - found.at > FRESH_FOR_MS) ready.set(table, { stamp: mine(table), at: Date.now() });
}

/** The stamp for the next row of `table` (waiting for it if need be); each is used once. */
export function takeStamp(table: string): Promise<string> {
  prepareStamp(table);
  const { stamp } = ready.get(table)!;
  ready.delete(table);
  return stamp;
}
