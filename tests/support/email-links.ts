/**
 * What a person does with a link from an auth email: follows it (the auth API signs them in and sends
 * them back to the site with the session in the fragment), then chooses the password the site asks for,
 * since confirming an address or accepting an invitation clears any password given before (decision 021).
 */
import { readAuthConfig } from '../../supabase/local/auth/config';
import { linkEmailSubject } from '../../supabase/local/auth/mail';

/** Follows an emailed link; returns the fragment of the address it sends the browser back to. */
export async function followLink(link: string): Promise<URLSearchParams> {
  const response = await fetch(link, { redirect: 'manual' });
  if (response.status !== 303) throw new Error(`${link} answered ${response.status}, not a redirect back to the site`);
  return new URLSearchParams(new URL(response.headers.get('location')!).hash.slice(1));
}

/** Sets the password of the user the link signed in, as the site's "Choose Your Password" dialog does. */
export async function choosePassword(api: string, anonKey: string, fragment: URLSearchParams, password: string): Promise<void> {
  const response = await fetch(`${api}/auth/v1/user`, {
    method: 'PUT',
    headers: { apikey: anonKey, Authorization: `Bearer ${fragment.get('access_token')}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ password }),
  });
  if (!response.ok) throw new Error(`choosing the password: ${response.status} ${await response.text()}`);
}

/** The subjects of the auth emails, as supabase/config.toml's templates word them. */
export const AUTH_SUBJECTS = {
  signup: linkEmailSubject('signup', readAuthConfig()),
  invite: linkEmailSubject('invite', readAuthConfig()),
  recovery: linkEmailSubject('recovery', readAuthConfig()),
  emailChange: linkEmailSubject('email_change', readAuthConfig()),
};
