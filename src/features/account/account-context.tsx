import { createContext, use, useMemo, useState, type ReactNode } from 'react';

export type AuthMode = 'sign-in' | 'sign-up';

/** The signed-in visitor; richer fields arrive with the auth backend. */
export interface AccountUser {
  id: string;
  email: string;
}

export interface AccountContextValue {
  user: AccountUser | null;
  /** True until the first session check finishes. */
  loading: boolean;
  error: string | null;
  /** The shared flag every page's sign-in / create-account dialog follows. */
  showAuthDialog: boolean;
  authMode: AuthMode;
  openAuthDialog: (mode?: AuthMode) => void;
  closeAuthDialog: () => void;
  setAuthMode: (mode: AuthMode) => void;
  signOut: () => Promise<void>;
}

const AccountContext = createContext<AccountContextValue | null>(null);

export function AccountProvider({ children }: { children: ReactNode }) {
  const [showAuthDialog, setShowAuthDialog] = useState(false);
  const [authMode, setAuthMode] = useState<AuthMode>('sign-in');

  const value = useMemo<AccountContextValue>(
    () => ({
      // No auth backend is wired yet, so every visitor is signed out.
      user: null,
      loading: false,
      error: null,
      showAuthDialog,
      authMode,
      openAuthDialog: (mode = 'sign-in') => {
        setAuthMode(mode);
        setShowAuthDialog(true);
      },
      closeAuthDialog: () => setShowAuthDialog(false),
      setAuthMode,
      signOut: async () => {},
    }),
    [showAuthDialog, authMode],
  );

  return <AccountContext value={value}>{children}</AccountContext>;
}

export function useAccount(): AccountContextValue {
  const value = use(AccountContext);
  if (!value) throw new Error('useAccount must be used inside <AccountProvider>.');
  return value;
}
