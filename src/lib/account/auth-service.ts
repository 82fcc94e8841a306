/**
 * Everything that talks to the auth service, downloaded only when something needs it (a stored session,
 * an email link, a visitor pressing Sign In): restoring the session, and what the dialog and the header
 * ask for, each with the toast its answer gets.
 */
import type { AuthError, User } from '@supabase/supabase-js';
import type { Backend } from '../backend/load';
import { showToast } from '../../components/toast';
import type { EmailChange, NewPassword, PasswordResetRequest, SignInCredentials, SignUpDetails } from '../../generated/types';
import { isConnectionProblem, reportBackendError, showConnectionIssue } from '../backend/connection';
import { ACCOUNT_PATH } from './account-path';
import { keepSignUpPassword, newSignUpProof } from './sign-up-secret';

/** Sends people who follow a link in an auth email back to this site's home page. */
const backHere = () => `${location.origin}/`;

/**
 * The auth service's words, or the site's where they do not say what to do: every rate limit says how long
 * to wait. When the project's hourly email budget is spent (hosted Supabase shares one budget across the
 * project), GoTrue answers only "email rate limit exceeded".
 */
function explained(error: unknown): unknown {
  const { code, message } = (error ?? {}) as { code?: string; message?: string };
  // GoTrue counts each endpoint's requests from one address over five minutes ("Request rate limit reached").
  if (code === 'over_request_rate_limit') return new Error('Too many tries from your network. Please wait five minutes and try again.');
  if (code !== 'over_email_send_rate_limit') return error;
  // One address asked again within the minute: "For security purposes, you can only request this after 42 seconds."
  const wait = /(\d+) seconds/.exec(message ?? '')?.[1];
  if (wait) return new Error(`We have just sent an email to this address. Please wait ${wait} seconds before asking for another.`);
  return new Error('We cannot send any more emails this hour. Please try again in an hour, or write to us from the Contact page and we will help you in person.');
}

async function outcome(call: Promise<{ error: AuthError | null }>, success: { title: string; description: string }): Promise<string | null> {
  let error: unknown;
  try {
    ({ error } = await call);
  } catch (thrown) {
    error = thrown;
  }
  if (error) {
    error = explained(error);
    await reportBackendError(error);
    return error instanceof Error ? error.message : String(error);
  }
  await showToast(success);
  return null;
}

/** Each returns null on success, or the error message it showed. */
const authActions = {
  signIn: (supabase: Backend, { email, password }: SignInCredentials) =>
    outcome(supabase.auth.signInWithPassword({ email, password }), { title: 'Welcome back!', description: 'You have successfully signed in' }),

  // The profile travels as user metadata; the database's trigger turns it into the clients row. The proof
  // lets this browser keep the password once the link is opened here (sign-up-secret.ts).
  signUp: async (supabase: Backend, { email, password, ...profile }: SignUpDetails) =>
    outcome(supabase.auth.signUp({ email, password, options: { data: { ...profile, sign_up_proof: await newSignUpProof(email) }, emailRedirectTo: backHere() } }), {
      title: 'Account created',
      description: 'Please check your email to verify your account',
    }),

  // A sign-up's confirmation link again, for someone told "Email not confirmed" who cannot find the first.
  resendConfirmation: (supabase: Backend, { email }: { email: string }) =>
    outcome(supabase.auth.resend({ type: 'signup', email, options: { emailRedirectTo: backHere() } }), {
      title: 'Check your email',
      description: `If ${email} is waiting to be confirmed, we have sent it a new link.`,
    }),

  requestPasswordReset: (supabase: Backend, { email }: PasswordResetRequest) =>
    outcome(supabase.auth.resetPasswordForEmail(email, { redirectTo: backHere() }), {
      title: 'Check your email',
      description: `If ${email} has an account, we have sent it a link to choose a new password.`,
    }),

  // GoTrue mails a link to the new address and one to the current (double_confirm_changes); both bring the
  // member back to their account page, where restoreSession says how far the change has come.
  changeEmail: (supabase: Backend, { email }: EmailChange) =>
    outcome(supabase.auth.updateUser({ email }, { emailRedirectTo: `${location.origin}${ACCOUNT_PATH}` }), {
      title: 'Check both inboxes',
      description: `We sent a link to ${email} and one to your current address. Your address changes once both are opened.`,
    }),

  setNewPassword: (supabase: Backend, { password }: NewPassword) =>
    outcome(supabase.auth.updateUser({ password }), { title: 'Password updated', description: 'Your new password is saved and you are signed in' }),

  async signOut(supabase: Backend): Promise<string | null> {
    const { error } = await supabase.auth.signOut().catch((thrown: unknown) => ({ error: thrown }));
    if (error) {
      console.warn('Sign-out failed:', error);
      await showToast({ title: 'Error', description: 'Failed to sign out. Please try again.', variant: 'destructive' });
      return 'Failed to sign out. Please try again.';
    }
    await showToast({ title: 'Signed out', description: 'You have been successfully signed out' });
    return null;
  },
};

export type ActionName = keyof typeof authActions;

/**
 * Runs one account action with the client (downloaded by `connect` if need be); true when it worked.
 * Each dialog action keeps its failure as the context's error, which the dialog shows; success clears it.
 */
export async function perform(name: ActionName, input: unknown, connect: () => Promise<Backend>, setError: (error: string | null) => void): Promise<boolean> {
  let supabase: Backend;
  try {
    supabase = await connect();
  } catch (failure) {
    await reportBackendError(failure);
    return false;
  }
  // The dialog's schema validator has checked `input`: it has the shape the action takes.
  const failed = await (authActions[name] as (supabase: Backend, input: unknown) => Promise<string | null>)(supabase, input);
  // The dialog shows it under its form too: the toast is in the corner, outside the modal dialog.
  if (name !== 'signOut') setError(failed);
  return failed === null;
}

export interface Restored {
  user: User;
  /** The link confirmed an address or accepted an invitation, and no password is kept: one must be chosen. */
  passwordNeeded: boolean;
}

/**
 * The session of an earlier visit, or the one an email link brought, checked with the server. A failed
 * check is logged and the visitor treated as signed out; an unreachable backend also gets the
 * Connection Issue toast.
 */
export async function restoreSession(supabase: Backend, linkType: string | null): Promise<Restored | null> {
  // GoTrue's word after the first of an email change's two links (the fragment holds no session then).
  const halfway = new URLSearchParams(location.hash.slice(1)).get('message');
  try {
    const { error: linkError } = await supabase.auth.initialize();
    if (halfway) {
      await showToast({ title: 'One link to go', description: 'This link is accepted. Open the one we sent to your other address to finish changing it.' });
    }
    // supabase-js empties the fragment it read but leaves a bare "#" (or, after an error, the error).
    if (location.href.includes('#')) history.replaceState(history.state, '', location.pathname + location.search);
    if (linkError) await showToast({ title: 'Error', description: linkError.message, variant: 'destructive' });
    const { data } = await supabase.auth.getSession();
    if (!data.session) return null;
    // The stored session is checked with the server: it may have been ended elsewhere.
    const { data: checked, error: checkError } = await supabase.auth.getUser();
    if (checkError) throw checkError;
    // Confirming clears the sign-up's password (decision 021) unless this is the browser that signed up.
    const kept = linkType === 'signup' && (await keepSignUpPassword(supabase, checked.user.email ?? ''));
    if (kept) await showToast({ title: 'Email confirmed', description: 'Your email address is verified and you are signed in. Sign in next time with the password you chose.' });
    else if (linkType === 'signup') await showToast({ title: 'Email confirmed', description: 'Your email address is verified and you are signed in' });
    if (linkType === 'email_change') await showToast({ title: 'Email changed', description: `Your account now uses ${checked.user.email}.` });
    return { user: checked.user, passwordNeeded: (linkType === 'signup' || linkType === 'invite') && !kept };
  } catch (failure) {
    console.warn('Could not load the session; continuing signed out.', failure);
    if (isConnectionProblem(failure)) await showConnectionIssue(failure);
    return null;
  }
}
