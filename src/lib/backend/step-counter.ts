/**
 * A wizard step a visit reached, for the staff overview's funnel (decision 031): one anonymous request to
 * public.record_form_step, which adds one to today's count and nothing else. It carries the form, the
 * step's key, and the seconds spent on the step the visit came from and its key: no cookie, no id,
 * nothing stored in the browser.
 * A plain keepalive fetch rather than supabase-js, so counting a step downloads nothing and survives the
 * page being left; no one waits for it, and a lost count is only a lost count.
 */
import { anonKey, backendUrl } from './settings';

export function countStep(form: string, step: string, secondsOnPrevious: number | null, from: string | null) {
  if (!backendUrl || !anonKey) return;
  fetch(`${backendUrl}/rest/v1/rpc/record_form_step`, {
    method: 'POST',
    keepalive: true,
    headers: { apikey: anonKey, Authorization: `Bearer ${anonKey}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ p_form: form, p_step: step, p_seconds: secondsOnPrevious, p_from: from }),
  }).catch(() => undefined);
}
