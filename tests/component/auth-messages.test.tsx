// @vitest-environment jsdom
/**
 * What a visitor reads when the auth service says no to another email: the site's words, with the wait
 * where the auth service gives one ("For security purposes, you can only request this after 42 seconds.")
 * and what to do where it does not (the project's hourly email budget is spent: GoTrue says only "email
 * rate limit exceeded"). The errors are built as supabase-js builds them from GoTrue's 429 answers.
 */
import { AuthApiError, type SupabaseClient } from '@supabase/supabase-js';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { perform } from '../../src/lib/account/auth-service';
import { render } from './render';

const details = { email: 'ana@casaverde.org', password: 'correct horse 1', name: 'Ana Ruiz', company: 'Casa Verde', title: 'Director', phone: '555-0100', city: 'Austin', state: 'TX', zip: '78701' };

/** A client whose sign-up, sign-in and reset answer with this error. */
const answering = (error: AuthApiError) =>
  ({
    auth: {
      signUp: async () => ({ data: { user: null, session: null }, error }),
      signInWithPassword: async () => ({ data: { user: null, session: null }, error }),
      resetPasswordForEmail: async () => ({ data: null, error }),
    },
  }) as unknown as SupabaseClient;

describe('auth errors the visitor can act on', () => {
  it('the project’s email budget spent: says to try again in an hour or write through the Contact page, for sign-up and reset alike', async () => {
    render(<main />);
    const spent = new AuthApiError('email rate limit exceeded', 429, 'over_email_send_rate_limit');
    const told = 'We cannot send any more emails this hour. Please try again in an hour, or write to us from the Contact page and we will help you in person.';
    let shown: string | null = null;
    expect(await perform('signUp', details, async () => answering(spent), (error) => (shown = error))).toBe(false);
    expect(shown).toBe(told);
    expect(await screen.findByText(told)).toBeVisible();
    shown = null;
    expect(await perform('requestPasswordReset', { email: details.email }, async () => answering(spent), (error) => (shown = error))).toBe(false);
    expect(shown).toBe(told);
  });

  it('one address asked again within the minute: the wait the auth service gives, in the site’s words', async () => {
    render(<main />);
    const soon = new AuthApiError('For security purposes, you can only request this after 42 seconds.', 429, 'over_email_send_rate_limit');
    let shown: string | null = null;
    await perform('signUp', details, async () => answering(soon), (error) => (shown = error));
    expect(shown).toBe('We have just sent an email to this address. Please wait 42 seconds before asking for another.');
  });

  it('one network trying too often: says how long to wait, where GoTrue says only "Request rate limit reached"', async () => {
    render(<main />);
    const often = new AuthApiError('Request rate limit reached', 429, 'over_request_rate_limit');
    let shown: string | null = null;
    await perform('signIn', { email: details.email, password: details.password }, async () => answering(often), (error) => (shown = error));
    expect(shown).toBe('Too many tries from your network. Please wait five minutes and try again.');
  });
});
