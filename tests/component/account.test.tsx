// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { AccountButton } from '../../src/features/account/account-button';
import { AccountProvider, useAccount } from '../../src/lib/account/account-context';
import { sessionStorageKey } from '../../src/lib/backend/session-storage';
import { render } from './render';

function Probe() {
  const { user, loading } = useAccount();
  return <p>{loading ? 'checking' : user ? `signed in as ${user.email}` : 'signed out'}</p>;
}

describe('account context', () => {
  it('refuses to be used outside its provider, with a sentence that says where it belongs', () => {
    // React reports the thrown error to the console as well; that is the point of this test.
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => render(<Probe />)).toThrow('useAccount must be used inside <AccountProvider>.');
  });

  it('settles on signed out at once when nothing was stored and no email link opened the page', async () => {
    const warn = vi.spyOn(console, 'warn');
    render(
      <AccountProvider>
        <Probe />
        <AccountButton />
      </AccountProvider>,
    );
    expect(await screen.findByText('signed out')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeTruthy();
    // No attempt to reach the backend was made, so none could fail.
    expect(warn).not.toHaveBeenCalled();
  });

  it('checks a stored session first; when that fails it logs why and treats the visitor as signed out (spec section 4)', async () => {
    localStorage.setItem(sessionStorageKey, JSON.stringify({ access_token: 'stale' }));
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      render(
        <AccountProvider>
          <Probe />
        </AccountProvider>,
      );
      expect(screen.getByText('checking')).toBeTruthy();
      // This test build has no backend settings, so loading the client fails, as an unreachable backend would.
      expect(await screen.findByText('signed out')).toBeTruthy();
      expect(warn).toHaveBeenCalledWith('Could not load the session; continuing signed out.', expect.any(Error));
    } finally {
      localStorage.removeItem(sessionStorageKey);
    }
  });
});
