/** Finds submission stamps off the main thread (stamps.ts asks, with the time to stamp; docs/decisions/029). */
import { STAMP_BITS, mineStamp } from '../../../form-model/stamp';

self.onmessage = (event: MessageEvent<{ job: number; table: string; now: number }>) => {
  const { job, table, now } = event.data;
  self.postMessage({ job, id: mineStamp(table, STAMP_BITS, now) });
};
