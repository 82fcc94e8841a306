import type { SupabaseClient, User } from '@supabase/supabase-js';
import { createContext, startTransition, use, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { NewPassword, PasswordResetRequest, SignInCredentials, SignUpDetails } from '../../generated/types';
import { afterFirstPaint, hasAuthRedirect, hasStoredSession, loadBackend } from '../backend/load';
import type * as AuthServiceModule from './auth-service';

type AuthService = typeof AuthServiceModule;
type ActionName = AuthServiceModule.ActionName;
// The calls themselves are downloaded when first needed; the shell keeps only the state.
const service = (): Promise<AuthService> => import('./auth-service');

export type AuthMode = 'sign-in' | 'sign-up' | 'forgot-password' | 'new-password';

export interface AccountUser {
  id: string;
  email: string;
  /** Staff (app_metadata.staff, which only the service role can set): the staff workspace opens for them. */
  staff: boolean;
}

export interface AccountContextValue {
  user: AccountUser | null;
  /** True until the first session check finishes; account controls wait for it. */
  loading: boolean;
  /** The last sign-in or sign-up failure; a successful sign-in clears it. */
  error: string | null;
  /** The shared flag every page's sign-in / create-account dialog follows. */
  showAuthDialog: boolean;
  authMode: AuthMode;
  openAuthDialog: (mode?: AuthMode) => void;
  closeAuthDialog: () => void;
  setAuthMode: (mode: AuthMode) => void;
  /** Each resolves to true when it worked (the dialog then closes). */
  signIn: (credentials: SignInCredentials) => Promise<boolean>;
  signUp: (details: SignUpDetails) => Promise<boolean>;
  requestPasswordReset: (request: PasswordResetRequest) => Promise<boolean>;
  setNewPassword: (change: NewPassword) => Promise<boolean>;
  signOut: () => Promise<void>;
}

const AccountContext = createContext<AccountContextValue | null>(null);

/**
 * Account state changes as a transition. The shell hydrates before a page's own code has downloaded; an
 * urgent update reaching that page's boundary would make React drop the prerendered page for an empty
 * fallback (and the scroll position with it). A transition waits for the page instead.
 */
const settle = (update: () => void) => startTransition(update);

const toAccountUser = (user: User | null | undefined): AccountUser | null =>
  user ? { id: user.id, email: user.email ?? '', staff: user.app_metadata?.staff === true } : null;

/** Which email link opened this page, read before supabase-js consumes (and clears) the URL fragment. */
function emailLinkType(): string | null {
  return new URLSearchParams(location.hash.slice(1)).get('type');
}

export function AccountProvider({ children }: { children: ReactNode }) {
  const [user, setUser] = useState<AccountUser | null>(null);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [showAuthDialog, setShowAuthDialog] = useState(false);
  const [authMode, setAuthMode] = useState<AuthMode>('sign-in');
  const backend = useRef<Promise<SupabaseClient> | null>(null);

  /** The client, with this provider listening to its auth events; downloaded the first time it is needed. */
  const connect = useCallback(() => {
    backend.current ??= loadBackend().then((supabase) => {
      supabase.auth.onAuthStateChange((event, session) => {
        settle(() => {
          setUser(toAccountUser(session?.user));
          if (event === 'PASSWORD_RECOVERY') {
            setAuthMode('new-password');
            setShowAuthDialog(true);
          }
        });
      });
      return supabase;
    });
    backend.current.catch(() => (backend.current = null));
    return backend.current;
  }, []);

  useEffect(() => {
    // Nobody signed in here before and no email link opened the page: no need to ask the server.
    if (!hasStoredSession() && !hasAuthRedirect()) {
      settle(() => setLoading(false));
      return;
    }
    return afterFirstPaint(() => {
      const linkType = emailLinkType();
      void Promise.all([service(), connect()])
        .then(([{ restoreSession }, supabase]) => restoreSession(supabase, linkType))
        .catch((failure: unknown) => {
          console.warn('Could not load the session; continuing signed out.', failure);
          return null;
        })
        .then((restored) =>
          settle(() => {
            setUser(toAccountUser(restored));
            setLoading(false);
          }),
        );
    });
  }, [connect]);

  const value = useMemo<AccountContextValue>(() => {
    const act = (name: ActionName, input?: unknown) =>
      service().then(
        (auth) => auth.perform(name, input, connect, setError),
        (failure: unknown) => {
          // Offline before the account code ever downloaded: nothing was sent, the dialog stays open.
          console.warn('The account code could not be downloaded.', failure);
          return false;
        },
      );
    return {
      user,
      loading,
      error,
      showAuthDialog,
      authMode,
      openAuthDialog: (mode = 'sign-in') => {
        setAuthMode(mode);
        setShowAuthDialog(true);
      },
      closeAuthDialog: () => setShowAuthDialog(false),
      setAuthMode,
      signIn: (credentials) => act('signIn', credentials),
      signUp: (details) => act('signUp', details),
      requestPasswordReset: (request) => act('requestPasswordReset', request),
      setNewPassword: (change) => act('setNewPassword', change),
      signOut: async () => void (await act('signOut')),
    };
  }, [user, loading, error, showAuthDialog, authMode, connect]);

  return <AccountContext value={value}>{children}</AccountContext>;
}

export function useAccount(): AccountContextValue {
  const value = use(AccountContext);
  if (!value) throw new Error('useAccount must be used inside <AccountProvider>.');
  return value;
}
