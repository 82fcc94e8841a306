import { Button, type ButtonProps } from '@mantine/core';
import type { CSSProperties } from 'react';
import { useAccount } from '../../lib/account/account-context';

/**
 * Sign In when nobody is signed in, Sign Out otherwise; `onAction` lets a menu close itself. Held back
 * (kept in place, invisible) until the session check says which one is true.
 */
export function AccountButton({ onAction, style, ...props }: ButtonProps & { onAction?: () => void; style?: CSSProperties }) {
  const { user, loading, openAuthDialog, signOut } = useAccount();
  const handleClick = () => {
    onAction?.();
    if (user) void signOut();
    else openAuthDialog('sign-in');
  };
  return (
    <Button {...props} style={{ ...style, visibility: loading ? 'hidden' : undefined }} onClick={handleClick}>
      {user ? 'Sign Out' : 'Sign In'}
    </Button>
  );
}
