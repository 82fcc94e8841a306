/**
 * The local twin of the hosted cron job in supabase/migrations/20261122220000_notification_delivery.sql:
 * on the same schedule, when a notification is due, it calls send-form-notification's sweep with the
 * service role key, so leads saved while mail was down reach the inbox without anyone pressing Send.
 * Each tick also deletes what was marked as spam 30 days ago, as the hosted daily job does
 * (supabase/migrations/20261127230000_spam_and_deletion.sql), and queues the follow-up digests of whoever's
 * morning has come, as the hosted 5-minute job does (supabase/migrations/20261128020000_follow_ups.sql).
 */
import type { SqlClient } from './sql-client.ts';
import { serialized } from './transactions.ts';

/** The schedule of the hosted cron job. */
const SWEEP_EVERY_SECONDS = 30;

export function startNotificationSweep(db: SqlClient, apiUrl: string, serviceRoleKey: string, everySeconds = SWEEP_EVERY_SECONDS) {
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      await serialized(db, () => db.query('select public.sweep_spam()'));
      await serialized(db, () => db.query('select public.queue_follow_up_digests()'));
      const { rows } = await serialized(db, () => db.query<{ due: boolean }>('select public.outbox_has_due() as due'));
      if (!rows[0]?.due) return;
      const response = await fetch(`${apiUrl}/functions/v1/send-form-notification`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${serviceRoleKey}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ sweep: true }),
        signal: AbortSignal.timeout(20_000),
      });
      if (!response.ok) console.warn(`Notification sweep: send-form-notification answered ${response.status}; trying again in ${everySeconds} s.`);
    } catch (error) {
      // The database or the function is restarting: the next tick tries again.
      console.warn(`Notification sweep: ${error instanceof Error ? error.message : String(error)}; trying again in ${everySeconds} s.`);
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void tick(), everySeconds * 1000);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
