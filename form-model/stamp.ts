/**
 * A submission's id is its proof of work (docs/decisions/029): a UUIDv7 whose SHA-256 of
 * "<table>:<id>" starts with STAMP_BITS zero bits. The browser finds one in a Web Worker while the
 * visitor types; the database's check_submission_stamp() trigger refuses any other id from the public
 * API roles, so a script with the anon key pays the same work for every row it sends.
 */
import { sha256 } from '@noble/hashes/sha2.js';

/** Leading zero bits a stamp needs: about 2^18 hashes. public.stamp_bits() holds the same number. */
export const STAMP_BITS = 18;

const HEX = '0123456789abcdef';

function hex(bytes: Uint8Array): string {
  let text = '';
  for (const byte of bytes) text += HEX[byte >> 4]! + HEX[byte & 15]!;
  return text;
}

const uuidText = (h: string) => `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;

/** Whether the first `bits` bits of the hash are zero. */
function leadingZeros(hash: Uint8Array, bits: number): boolean {
  let left = bits;
  for (const byte of hash) {
    if (left <= 0) return true;
    if (left >= 8) {
      if (byte !== 0) return false;
      left -= 8;
    } else return byte >> (8 - left) === 0;
  }
  return left <= 0;
}

/** Whether `id` is a stamp for `table` with `bits` of work (the database's check, minus the time window). */
export function isStamp(table: string, id: string, bits = STAMP_BITS): boolean {
  return id[14] === '7' && leadingZeros(sha256(new TextEncoder().encode(`${table}:${id}`)), bits);
}

/**
 * The search for a stamp for a row of `table`: a UUIDv7 of `now` with random bits, whose last 8 hex digits
 * are counted up until the hash starts with `bits` zero bits. Only those 8 ASCII digits change between
 * tries, so each try hashes one buffer written in place. It pauses (yields) every 1,024 tries, so a
 * caller on a page's main thread can let the page answer in between.
 */
function* stampSearch(table: string, bits: number, now: number): Generator<undefined, string> {
  for (;;) {
    const bytes = crypto.getRandomValues(new Uint8Array(16));
    for (let i = 0; i < 6; i++) bytes[i] = Math.floor(now / 2 ** (8 * (5 - i))) & 255;
    bytes[6] = (bytes[6]! & 0x0f) | 0x70; // version 7
    bytes[8] = (bytes[8]! & 0x3f) | 0x80; // RFC 4122 variant
    const head = uuidText(hex(bytes)).slice(0, 28);
    const message = new TextEncoder().encode(`${table}:${head}00000000`);
    const at = message.length - 8;
    for (let counter = 0; counter < 2 ** 32; counter++) {
      for (let digit = 0, rest = counter; digit < 8; digit++, rest >>>= 4) message[at + 7 - digit] = HEX.charCodeAt(rest & 15);
      if (leadingZeros(sha256(message), bits)) return head + new TextDecoder().decode(message.subarray(at));
      if ((counter & 1023) === 1023) yield;
    }
  }
}

/** Finds a stamp for a row of `table` in one go (in a worker, or a spammer's script). */
export function mineStamp(table: string, bits = STAMP_BITS, now = Date.now()): string {
  const search = stampSearch(table, bits, now);
  for (;;) {
    const step = search.next();
    if (step.done) return step.value;
  }
}

/**
 * Finds a stamp on a page's main thread, where no worker can run: in slices of about 8 ms, with
 * `pause()` between them, so the page never stops answering the visitor for longer.
 */
export async function mineStampSlowly(table: string, now: number, pause: () => Promise<void>, bits = STAMP_BITS): Promise<string> {
  const search = stampSearch(table, bits, now);
  let sliceStarted = performance.now();
  for (;;) {
    const step = search.next();
    if (step.done) return step.value;
    if (performance.now() - sliceStarted > 8) {
      await pause();
      sliceStarted = performance.now();
    }
  }
}
