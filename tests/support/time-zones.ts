/**
 * A fixed-offset time zone whose clock reads, right now, an hour from `from` to `to` (Etc/GMT-5 is UTC+5,
 * the IANA names' inverted sign): how a test makes it "morning" or "night" for a staff member whenever it runs.
 */
export function zoneAt(from: number, to: number, now = new Date()): string {
  const hour = now.getUTCHours();
  for (let offset = -12; offset <= 14; offset++) {
    const local = (((hour + offset) % 24) + 24) % 24;
    if (local >= from && local <= to) return offset === 0 ? 'Etc/UTC' : `Etc/GMT${offset > 0 ? '-' : '+'}${Math.abs(offset)}`;
  }
  throw new Error(`No zone reads ${from} to ${to} o'clock now.`);
}

/** Today in `zone`, as YYYY-MM-DD. */
export const todayIn = (zone: string, now = new Date()) => now.toLocaleDateString('en-CA', { timeZone: zone });
