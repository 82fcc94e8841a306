/**
 * Double opt-in ("optIn" in schemas/forms.json, docs/decisions/052): the state of a submission's
 * address, as public.opt_ins keeps it, and the links its emails carry. Staff read the state beside the
 * answers (under the key OPT_IN), in the inbox, on the submission's page, in its email and the CSV.
 */
import { localDay } from './local-day.ts';

/** Where staff's copy of a submission holds its opt-in state. */
export const OPT_IN = 'opt_in';

export interface OptInState {
  token: string;
  confirmed_at: string | null;
  unsubscribed_at: string | null;
}

/** The two addresses a double opt-in email links to: the form's page with the row's token. */
export function optInLinks(site: string, page: string, token: string): { confirm: string; unsubscribe: string } {
  const at = (action: string) => `${site.replace(/\/$/, '')}${page}?${action}=${encodeURIComponent(token)}`;
  return { confirm: at('confirm'), unsubscribe: at('unsubscribe') };
}

/**
 * What staff read for the address's state: on the list from a day, off it from a day, or not yet. The day
 * is the reader's own (the staff member's browser, the CSV's exporter), as every other date staff read is.
 */
export function subscriptionState(state: unknown): string {
  const known = state && typeof state === 'object' ? (state as Partial<OptInState>) : {};
  if (known.unsubscribed_at) return `Unsubscribed on ${localDay(known.unsubscribed_at)}`;
  if (known.confirmed_at) return `Confirmed on ${localDay(known.confirmed_at)}`;
  return 'Waiting for confirmation';
}
