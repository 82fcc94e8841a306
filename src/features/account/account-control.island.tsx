import { Anchor, Button, Group, Text } from '@mantine/core';
import { defineIsland } from '../../components/island';
import { opensAuthDialog, useAccount } from '../../lib/account/account-context';
import { ACCOUNT_PATH, STAFF_PATH } from '../../lib/account/account-path';
import { MOBILE_MENU_ID } from '../../lib/page-ids';

type Placement = 'header' | 'menu' | 'footer' | 'workspace';

/**
 * Sign In when nobody is signed in; Your Account (what they sent: /account), Staff for staff, and Sign Out otherwise; in
 * the footer, only Sign In; in the staff workspace's header, who is signed in and Sign Out. Held back (in place, invisible: src/styles.css) while a stored session is
 * being checked.
 */
function AccountControl({ placement, className }: { placement: Placement; className?: string }) {
  const { user, signOut } = useAccount();
  if (placement === 'footer') {
    if (user) return null;
    return (
      <Anchor component="button" {...opensAuthDialog} className={className} ta="left" data-account-control>
        Sign In
      </Anchor>
    );
  }
  if (placement === 'workspace') {
    // The staff workspace's header, at every width: who is signed in, and Sign Out.
    if (!user) {
      return (
        <Button size="sm" {...opensAuthDialog} data-account-control>
          Sign In
        </Button>
      );
    }
    return (
      <Group gap="sm" wrap="nowrap" data-account-control>
        <Text size="sm" c="dimmed" visibleFrom="sm" style={{ whiteSpace: 'nowrap' }}>
          {user.email}
        </Text>
        <Button size="sm" onClick={() => void signOut()}>
          Sign Out
        </Button>
      </Group>
    );
  }
  const look = placement === 'header' ? ({ variant: 'filled', size: 'sm', visibleFrom: 'sm' } as const) : ({ fullWidth: true, mt: 'sm' } as const);
  if (user) {
    const onSignOut = () => {
      // The mobile menu closes after Sign Out as after any choice in it.
      (document.getElementById(MOBILE_MENU_ID) as HTMLElement | null)?.hidePopover?.();
      void signOut();
    };
    return (
      <>
        {user.staff && (
          <Button {...look} component="a" href={STAFF_PATH} variant="default" data-account-control>
            Staff
          </Button>
        )}
        <Button {...look} component="a" href={ACCOUNT_PATH} variant="default" data-account-control>
          Your Account
        </Button>
        <Button {...look} onClick={onSignOut} data-account-control>
          Sign Out
        </Button>
      </>
    );
  }
  return (
    <Button {...look} {...opensAuthDialog} data-account-control>
      Sign In
    </Button>
  );
}

export default defineIsland<{ placement: Placement; className?: string }>('account/account-control', (props) => <AccountControl {...props} />);
