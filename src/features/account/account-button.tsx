import { Button, type ButtonProps } from '@mantine/core';
import { useAccount } from './account-context';

/** Sign In when nobody is signed in, Sign Out otherwise; `onAction` lets a menu close itself. */
export function AccountButton({ onAction, ...props }: ButtonProps & { onAction?: () => void }) {
  const { user, openAuthDialog, signOut } = useAccount();
  const handleClick = () => {
    onAction?.();
    if (user) void signOut();
    else openAuthDialog('sign-in');
  };
  return (
    <Button {...props} onClick={handleClick}>
      {user ? 'Sign Out' : 'Sign In'}
    </Button>
  );
}
