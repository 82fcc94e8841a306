/**
 * What the sign-in dialog and the header ask the auth service to do, and the toast each answer gets.
 * Every call returns true when it worked, so the dialog knows whether to close.
 */
import type { AuthError, SupabaseClient } from '@supabase/supabase-js';
import { showToast } from '../../components/toast';
import type { NewPassword, PasswordResetRequest, SignInCredentials, SignUpDetails } from '../../generated/types';
import { isConnectionProblem, showConnectionIssue } from '../../lib/backend/connection';

/** Sends people who follow a link in an auth email back to this site's home page. */
const backHere = () => `${location.origin}/`;

/** Connection problems get the Connection Issue toast; anything the server said, an Error toast with its words. */
export function reportAuthError(error: unknown) {
  if (isConnectionProblem(error)) return showConnectionIssue(error);
  const message = error instanceof Error ? error.message : String(error);
  return showToast({ title: 'Error', description: message, variant: 'destructive' });
}

async function outcome(call: Promise<{ error: AuthError | null }>, success: { title: string; description: string }): Promise<string | null> {
  let error: unknown;
  try {
    ({ error } = await call);
  } catch (thrown) {
    error = thrown;
  }
  if (error) {
    await reportAuthError(error);
    return error instanceof Error ? error.message : String(error);
  }
  await showToast(success);
  return null;
}

/** Each returns null on success, or the error message it showed. */
export const authActions = {
  signIn: (supabase: SupabaseClient, { email, password }: SignInCredentials) =>
    outcome(supabase.auth.signInWithPassword({ email, password }), { title: 'Welcome back!', description: 'You have successfully signed in' }),

  // The profile travels as user metadata; the database's trigger turns it into the clients row.
  signUp: (supabase: SupabaseClient, { email, password, ...profile }: SignUpDetails) =>
    outcome(supabase.auth.signUp({ email, password, options: { data: profile, emailRedirectTo: backHere() } }), {
      title: 'Account created',
      description: 'Please check your email to verify your account',
    }),

  requestPasswordReset: (supabase: SupabaseClient, { email }: PasswordResetRequest) =>
    outcome(supabase.auth.resetPasswordForEmail(email, { redirectTo: backHere() }), {
      title: 'Check your email',
      description: `If ${email} has an account, we have sent it a link to choose a new password.`,
    }),

  setNewPassword: (supabase: SupabaseClient, { password }: NewPassword) =>
    outcome(supabase.auth.updateUser({ password }), { title: 'Password updated', description: 'Your new password is saved and you are signed in' }),

  async signOut(supabase: SupabaseClient): Promise<boolean> {
    const { error } = await supabase.auth.signOut().catch((thrown: unknown) => ({ error: thrown }));
    if (error) {
      console.warn('Sign-out failed:', error);
      await showToast({ title: 'Error', description: 'Failed to sign out. Please try again.', variant: 'destructive' });
      return false;
    }
    await showToast({ title: 'Signed out', description: 'You have been successfully signed out' });
    return true;
  },
};
