// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionStorageKey } from '../../src/lib/backend/session-storage';
import { render } from './render';

/** The account module holds the page's one account state, read when it loads: each test loads it afresh. */
async function freshAccount() {
  vi.resetModules();
  const account = await import('../../src/lib/account/account-context');
  const { default: accountControlIsland } = await import('../../src/features/account/account-control.island');
  function Probe() {
    const { user, loading } = account.useAccount();
    return <p>{loading ? 'checking' : user ? `signed in as ${user.email}` : 'signed out'}</p>;
  }
  return { ...account, Probe, control: accountControlIsland };
}

afterEach(() => localStorage.clear());

describe('account state', () => {
  it('refuses to be used outside its provider, with a sentence that says where it belongs', async () => {
    const { Probe } = await freshAccount();
    // React reports the thrown error to the console as well; that is the point of this test.
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => render(<Probe />)).toThrow('useAccount must be used inside <AccountProvider>.');
  });

  it('is signed out at once when nothing was stored and no email link opened the page, and Sign In opens the dialog with no script', async () => {
    const { AccountProvider, Probe, control } = await freshAccount();
    const warn = vi.spyOn(console, 'warn');
    render(
      <AccountProvider>
        <Probe />
        {await control.render({ placement: 'header' })}
      </AccountProvider>,
    );
    expect(screen.getByText('signed out')).toBeTruthy();
    const signIn = screen.getByRole('button', { name: 'Sign In' });
    expect(signIn).toHaveAttribute('command', 'show-modal');
    expect(signIn).toHaveAttribute('commandfor', 'auth-dialog');
    // No attempt to reach the backend was made, so none could fail.
    expect(warn).not.toHaveBeenCalled();
  });

  it('checks a stored session first; when that fails it logs why and treats the visitor as signed out (spec section 4)', async () => {
    localStorage.setItem(sessionStorageKey, JSON.stringify({ access_token: 'stale' }));
    const { AccountProvider, Probe } = await freshAccount();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    render(
      <AccountProvider>
        <Probe />
      </AccountProvider>,
    );
    expect(screen.getByText('checking')).toBeTruthy();
    // This test build has no backend settings, so loading the client fails, as an unreachable backend would.
    expect(await screen.findByText('signed out', {}, { timeout: 5000 })).toBeTruthy();
    expect(warn).toHaveBeenCalledWith('Could not load the session; continuing signed out.', expect.any(Error));
    expect(document.documentElement.dataset.accountChecked).toBe('');
  });
});
