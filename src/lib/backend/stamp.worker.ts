/** Finds submission stamps off the main thread (stamps.ts asks; docs/decisions/029). */
import { mineStamp } from '../../../form-model/stamp';

self.onmessage = (event: MessageEvent<{ job: number; table: string }>) => {
  const { job, table } = event.data;
  self.postMessage({ job, id: mineStamp(table) });
};
