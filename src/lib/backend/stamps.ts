/**
 * A submission's id is its proof of work (docs/decisions/029): about 2^18 SHA-256 hashes, which the
 * database checks. The page finds one in a Web Worker from the visitor's first touch of a form (decision
 * 033), so by the time they press Send it is usually ready and the work costs them nothing they notice.
 */
/** The database takes stamps up to 2 days old; one found for a tab left open overnight is found again. */
const FRESH_FOR_MS = 12 * 60 * 60 * 1000;

const ready = new Map<string, { stamp: Promise<string>; at: number }>();
const waiting = new Map<number, { resolve: (id: string) => void; reject: (error: Error) => void }>();
let worker: Worker | null = null;
let jobs = 0;
/** How far the device's clock is behind the database's (a stamp's time must be the database's, within an hour). */
let clockOffsetMs = 0;
const now = () => Date.now() + clockOffsetMs;

function startWorker(): Worker {
  const started = new Worker(new URL('./stamp.worker.ts', import.meta.url), { type: 'module' });
  started.onmessage = (event: MessageEvent<{ job: number; id: string }>) => {
    waiting.get(event.data.job)?.resolve(event.data.id);
    waiting.delete(event.data.job);
  };
  started.onerror = () => {
    // A worker that could not start (its file did not download, a strict extension) is let go: the work
    // waiting for it is done on the page instead, and the next stamp tries a new worker.
    if (worker === started) worker = null;
    started.terminate();
    for (const job of waiting.values()) job.reject(new Error('The stamp worker did not start.'));
    waiting.clear();
  };
  return started;
}

/**
 * The work on the page itself, where no worker can run: in slices of a few milliseconds between which the
 * page answers the visitor, so it never freezes (form-model/stamp.ts `mineStampSlowly`).
 */
async function onThePage(table: string, at: number): Promise<string> {
  const { mineStampSlowly } = await import('../../../form-model/stamp');
  return mineStampSlowly(table, at, () => new Promise((resolve) => setTimeout(resolve, 0)));
}

function mine(table: string): Promise<string> {
  const at = now();
  if (typeof Worker === 'undefined') return onThePage(table, at);
  let found: Promise<string>;
  try {
    worker ??= startWorker();
    const job = jobs++;
    found = new Promise<string>((resolve, reject) => waiting.set(job, { resolve, reject }));
    worker.postMessage({ job, table, now: at });
  } catch {
    return onThePage(table, at);
  }
  return found.catch(() => onThePage(table, at));
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

/**
 * The database refused a stamp for its time and said its own (`server time <ms>` in the error's detail):
 * stamps are made on that clock from now on, and the ones found on the device's are dropped. True when
 * the clock was corrected, so the row is worth sending again with a new stamp.
 */
export function correctClock(detail: string | null | undefined): boolean {
  const serverTime = Number(detail?.match(/^server time (\d+)$/)?.[1]);
  if (!Number.isFinite(serverTime) || serverTime <= 0) return false;
  clockOffsetMs = serverTime - Date.now();
  ready.clear();
  return true;
}
