import type { SupabaseClient, User } from '@supabase/supabase-js';
import { createContext, use, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { showToast } from '../../components/toast';
import type { NewPassword, PasswordResetRequest, SignInCredentials, SignUpDetails } from '../../generated/types';
import { isConnectionProblem, showConnectionIssue } from '../../lib/backend/connection';
import { authActions, reportAuthError } from './auth-actions';
import { afterFirstPaint, hasAuthRedirect, hasStoredSession, loadBackend } from '../../lib/backend/load';

export type AuthMode = 'sign-in' | 'sign-up' | 'forgot-password' | 'new-password';

export interface AccountUser {
  id: string;
  email: string;
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

const toAccountUser = (user: User | null | undefined): AccountUser | null => (user ? { id: user.id, email: user.email ?? '' } : null);

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
        setUser(toAccountUser(session?.user));
        if (event === 'PASSWORD_RECOVERY') {
          setAuthMode('new-password');
          setShowAuthDialog(true);
        }
      });
      return supabase;
    });
    backend.current.catch(() => (backend.current = null));
    return backend.current;
  }, []);

  useEffect(() => {
    // Nobody signed in here before and no email link opened the page: no need to ask the server.
    if (!hasStoredSession() && !hasAuthRedirect()) {
      // eslint-disable-next-line react-hooks/set-state-in-effect -- localStorage exists only after hydration; this flips once
      setLoading(false);
      return;
    }
    return afterFirstPaint(() => {
      const linkType = emailLinkType();
      void (async () => {
        try {
          const supabase = await connect();
          const { error: linkError } = await supabase.auth.initialize();
          // supabase-js empties the fragment it read but leaves a bare "#" (or, after an error, the error).
          if (location.href.includes('#')) history.replaceState(history.state, '', location.pathname + location.search);
          if (linkError) await showToast({ title: 'Error', description: linkError.message, variant: 'destructive' });
          const { data } = await supabase.auth.getSession();
          if (!data.session) return setUser(null);
          // The stored session is checked with the server: it may have been ended elsewhere.
          const { data: checked, error: checkError } = await supabase.auth.getUser();
          if (checkError) throw checkError;
          setUser(toAccountUser(checked.user));
          if (linkType === 'signup') await showToast({ title: 'Email confirmed', description: 'Your email address is verified and you are signed in' });
        } catch (failure) {
          console.warn('Could not load the session; continuing signed out.', failure);
          setUser(null);
          if (isConnectionProblem(failure)) await showConnectionIssue(failure);
        } finally {
          setLoading(false);
        }
      })();
    });
  }, [connect]);

  const value = useMemo<AccountContextValue>(() => {
    /** Runs one auth call with the client; true when it worked. Sign-in and sign-up remember their error. */
    const run = async <T,>(action: (supabase: SupabaseClient, input: T) => Promise<string | null>, input: T, remembersError = false) => {
      let supabase: SupabaseClient;
      try {
        supabase = await connect();
      } catch (failure) {
        await reportAuthError(failure);
        return false;
      }
      const failed = await action(supabase, input);
      if (remembersError) setError(failed);
      return failed === null;
    };
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
      signIn: (credentials) => run(authActions.signIn, credentials, true),
      signUp: (details) => run(authActions.signUp, details, true),
      requestPasswordReset: (request) => run(authActions.requestPasswordReset, request),
      setNewPassword: (change) => run(authActions.setNewPassword, change),
      signOut: async () => {
        try {
          await authActions.signOut(await connect());
        } catch (failure) {
          await reportAuthError(failure);
        }
      },
    };
  }, [user, loading, error, showAuthDialog, authMode, connect]);

  return <AccountContext value={value}>{children}</AccountContext>;
}

export function useAccount(): AccountContextValue {
  const value = use(AccountContext);
  if (!value) throw new Error('useAccount must be used inside <AccountProvider>.');
  return value;
}
