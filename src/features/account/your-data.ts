import type { Backend } from '../../lib/backend/load';

/**
 * Everything the site holds about the signed-in member, as they may download it: their account (address
 * and dates), their profile (the sign-up answers), every submission they sent while signed in and their unfinished
 * drafts, each
 * read through their own session, so row level security decides, not this page.
 */
export async function yourData(client: Backend) {
  const [{ data: auth, error: authError }, profile, sent, drafts] = await Promise.all([
    client.auth.getUser(),
    client.from('clients').select('*').maybeSingle(),
    client.rpc('my_submissions'),
    client.from('form_drafts').select('form, draft, updated_at'),
  ]);
  const failed = authError ?? profile.error ?? sent.error ?? drafts.error;
  if (failed) throw new Error(failed.message);
  // The row's own keys mean nothing to the member.
  const details = profile.data && Object.fromEntries(Object.entries(profile.data).filter(([key]) => key !== 'id' && key !== 'user_id'));
  return {
    exported_at: new Date().toISOString(),
    account: { email: auth.user?.email ?? null, created_at: auth.user?.created_at ?? null, email_confirmed_at: auth.user?.email_confirmed_at ?? null },
    profile: details,
    submissions: (sent.data ?? []).map(({ submission_id, form, sent_at, state, answers }) => ({ id: submission_id, form, sent_at, state, answers })),
    drafts: drafts.data ?? [],
  };
}

/** Offers the member's data as a JSON file, the way a browser saves any download. */
export function download(data: unknown, fileName: string) {
  const url = URL.createObjectURL(new Blob([`${JSON.stringify(data, null, 2)}\n`], { type: 'application/json' }));
  const link = Object.assign(document.createElement('a'), { href: url, download: fileName });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
