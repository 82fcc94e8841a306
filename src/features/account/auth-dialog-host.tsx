import { lazy, Suspense, useState } from 'react';
import { useAccount } from '../../lib/account/account-context';

const AuthDialog = lazy(() => import('./auth-dialog'));

/** Downloads the dialog only the first time a visitor opens it, then keeps it mounted for its close animation. */
export function AuthDialogHost() {
  const { showAuthDialog } = useAccount();
  const [requested, setRequested] = useState(false);
  if (showAuthDialog && !requested) setRequested(true);
  if (!requested) return null;
  return (
    <Suspense fallback={null}>
      <AuthDialog />
    </Suspense>
  );
}
