import type { User } from '@supabase/supabase-js';
import type { Backend } from '../backend/load';
import { createContext, use, useEffect, useSyncExternalStore, type ReactNode } from 'react';
import type { EmailChange, NewPassword, PasswordResetRequest, SignInCredentials, SignUpDetails } from '../../generated/types';
import { afterLoadWhenIdle, loadBackend, sessionToCheck } from '../backend/load';
import { accountCheckNeeded } from '../backend/session-storage';
import { forgetAccountDrafts } from '../../components/forms/use-draft';
import { wakeIslands } from '../../components/island';
import { AUTH_DIALOG_ID } from '../page-ids';
import type * as AuthServiceModule from './auth-service';

type AuthService = typeof AuthServiceModule;
type ActionName = AuthServiceModule.ActionName;
// The calls themselves are downloaded when first needed; the islands keep only the state.
const service = (): Promise<AuthService> => import('./auth-service');

export type AuthMode = 'sign-in' | 'sign-up' | 'forgot-password' | 'new-password' | 'choose-password' | 'password-not-kept' | 'change-password' | 'change-email';

export interface AccountUser {
  id: string;
  email: string;
  /** Staff (app_metadata.staff, which only the service role can set): the staff workspace opens for them. */
  staff: boolean;
}

interface AccountState {
  user: AccountUser | null;
  /** True while the first session check runs; account controls wait for it. */
  loading: boolean;
  /** The last sign-in or sign-up failure; a successful sign-in clears it. */
  error: string | null;
  /** The shared flag every page's sign-in / create-account dialog follows. */
  showAuthDialog: boolean;
  authMode: AuthMode;
}

export interface AccountContextValue extends AccountState {
  openAuthDialog: (mode?: AuthMode) => void;
  closeAuthDialog: () => void;
  setAuthMode: (mode: AuthMode) => void;
  /** The dialog element opened or closed itself (its close button, Escape, a Sign In button's command). */
  authDialogToggled: (open: boolean) => void;
  /** Each resolves to true when it worked (the dialog then closes). */
  signIn: (credentials: SignInCredentials) => Promise<boolean>;
  signUp: (details: SignUpDetails) => Promise<boolean>;
  /** The sign-up confirmation link again, for an address the auth service says is not confirmed. */
  resendConfirmation: (email: string) => Promise<boolean>;
  requestPasswordReset: (request: PasswordResetRequest) => Promise<boolean>;
  setNewPassword: (change: NewPassword) => Promise<boolean>;
  changeEmail: (change: EmailChange) => Promise<boolean>;
  signOut: () => Promise<void>;
}

/** What the auth service answers a sign-in before the address is confirmed (GoTrue's words, shown as they are). */
export const EMAIL_NOT_CONFIRMED = 'Email not confirmed';

/** The account as the prerendered HTML shows it: nobody signed in, nothing open. */
const PRERENDERED: AccountState = { user: null, loading: false, error: null, showAuthDialog: false, authMode: 'sign-in' };

/** Nobody signed in here before and no email link opened the page: there is nothing to ask the server. */
const needsSessionCheck = () => typeof window !== 'undefined' && sessionToCheck();

/**
 * One account state for the whole page, shared by every island that shows it (header, footer, dialog,
 * staff page), each a React root of its own (docs/decisions/020).
 */
let state: AccountState = { ...PRERENDERED, loading: needsSessionCheck() };
const listeners = new Set<() => void>();

/** Islands that show who is signed in start when that changes (src/components/island.tsx, `wakeOn`). */
export const ACCOUNT_SIGNAL = 'account';

/** Islands with something of the member's own to show (a form's draft kept with the account) start when someone signs in. */
export const SIGNED_IN_SIGNAL = 'signed-in';

/**
 * When an island that shows the account starts: on the first touch, at once when there is a session to
 * check, and whenever someone signs in or out elsewhere on the page.
 */
export const accountIsland = { hydrate: 'interaction', early: accountCheckNeeded, wakeOn: ACCOUNT_SIGNAL } as const;

function update(change: Partial<AccountState>) {
  const before = state;
  state = { ...state, ...change };
  listeners.forEach((listener) => listener());
  if (before.user?.id !== state.user?.id || before.loading !== state.loading) wakeIslands(ACCOUNT_SIGNAL);
  if (state.user && before.user?.id !== state.user.id) wakeIslands(SIGNED_IN_SIGNAL);
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

const toAccountUser = (user: User | null | undefined): AccountUser | null =>
  user ? { id: user.id, email: user.email ?? '', staff: user.app_metadata?.staff === true } : null;

/** Which email link opened this page, read before supabase-js consumes (and clears) the URL fragment. */
function emailLinkType(): string | null {
  return new URLSearchParams(location.hash.slice(1)).get('type');
}

/**
 * Props that make a button open the page's account dialog with no script at all (invoker commands;
 * src/main.tsx stands in where a browser lacks them), so a Sign In pressed while the page's code is still
 * on its way is never lost.
 */
export const opensAuthDialog = { type: 'button', command: 'show-modal', commandfor: AUTH_DIALOG_ID } as Record<string, string>;

const authDialog = () => document.getElementById(AUTH_DIALOG_ID) as HTMLDialogElement | null;

let backend: Promise<Backend> | null = null;

/** The client, with the account state listening to its auth events; downloaded the first time it is needed. */
function connect(): Promise<Backend> {
  backend ??= loadBackend().then((supabase) => {
    supabase.auth.onAuthStateChange((event, session) => {
      update({ user: toAccountUser(session?.user) });
      if (event === 'PASSWORD_RECOVERY') actions.openAuthDialog('new-password');
    });
    return supabase;
  });
  backend.catch(() => (backend = null));
  return backend;
}

let checkStarted = false;

/** The first session check, once per page, and only when there is something to check. */
function checkSession() {
  if (checkStarted || !state.loading) return;
  checkStarted = true;
  afterLoadWhenIdle(() => {
    const linkType = emailLinkType();
    void Promise.all([service(), connect()])
      .then(([{ restoreSession }, supabase]) => restoreSession(supabase, linkType))
      .catch((failure: unknown) => {
        console.warn('Could not load the session; continuing signed out.', failure);
        return null;
      })
      .then((restored) => {
        update({ user: toAccountUser(restored?.user), loading: false });
        // Confirming an address (or accepting an invitation) clears any password given before it, since
        // whoever gave it may not own the address: the owner, now signed in by the link, chooses theirs,
        // unless this browser signed up and kept it (decision 043).
        if (restored?.passwordNeeded) actions.openAuthDialog(linkType === 'signup' ? 'password-not-kept' : 'choose-password');
        // The stylesheet keeps account controls hidden until this (src/styles.css).
        document.documentElement.dataset.accountChecked = '';
      });
  });
}

function act(name: ActionName, input?: unknown): Promise<boolean> {
  return service().then(
    (auth) => auth.perform(name, input, connect, (error) => update({ error })),
    (failure: unknown) => {
      // Offline before the account code ever downloaded: nothing was sent, the dialog stays open.
      console.warn('The account code could not be downloaded.', failure);
      return false;
    },
  );
}

const actions: Omit<AccountContextValue, keyof AccountState> = {
  openAuthDialog: (mode = 'sign-in') => {
    update({ authMode: mode, showAuthDialog: true, error: null });
    const dialog = authDialog();
    if (dialog && !dialog.open) dialog.showModal();
  },
  closeAuthDialog: () => {
    update({ showAuthDialog: false });
    authDialog()?.close();
  },
  setAuthMode: (authMode) => update({ authMode, error: null }),
  authDialogToggled: (open) => {
    if (open !== state.showAuthDialog) update({ showAuthDialog: open });
  },
  signIn: (credentials) => act('signIn', credentials),
  signUp: (details) => act('signUp', details),
  resendConfirmation: (email) => act('resendConfirmation', { email }),
  requestPasswordReset: (request) => act('requestPasswordReset', request),
  setNewPassword: (change) => act('setNewPassword', change),
  changeEmail: (change) => act('changeEmail', change),
  signOut: async () => {
    if (state.user) forgetAccountDrafts(state.user.id);
    await act('signOut');
  },
};

const AccountContext = createContext<typeof actions | null>(null);

/** Gives an island the page's account state, and starts the session check the first time one needs it. */
export function AccountProvider({ children }: { children: ReactNode }) {
  useEffect(checkSession, []);
  return <AccountContext value={actions}>{children}</AccountContext>;
}

export function useAccount(): AccountContextValue {
  const value = use(AccountContext);
  if (!value) throw new Error('useAccount must be used inside <AccountProvider>.');
  // Hydration starts from what the HTML shows, then moves to the page's state.
  const current = useSyncExternalStore(subscribe, () => state, () => PRERENDERED);
  return { ...current, ...value };
}
