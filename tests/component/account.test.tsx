// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { AccountButton } from '../../src/features/account/account-button';
import { AccountProvider, useAccount } from '../../src/features/account/account-context';
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

  it('settles on signed out without asking the server when nothing was stored and no email link opened the page', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    render(
      <AccountProvider>
        <Probe />
        <AccountButton />
      </AccountProvider>,
    );
    expect(await screen.findByText('signed out')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeTruthy();
    expect(fetchSpy).not.toHaveBeenCalled();
  });
});
