import { Container, Group, Text } from '@mantine/core';
import { Outlet } from 'react-router-dom';
import { shell } from 'virtual:site-shell';
import { Island } from '../../components/island';
import { ToastRegion } from '../../components/toaster';
import accountControlIsland from '../../features/account/account-control.island';
import authDialogIsland from '../../features/account/auth-dialog.island';
import { accountIsland } from '../../lib/account/account-context';
import { Logo } from './logo';
import headerClasses from './header.module.css';
import classes from './site-layout.module.css';

/**
 * The staff workspace (issue 41): an application of its own, not a marketing page. Its header has the
 * consultancy's name (home), what it is and the staff member's account control; no site navigation and no
 * footer. The workspace's own views (Inbox, Overview) are its links, inside the page.
 */
export function WorkspaceLayout() {
  return (
    <>
      <a href="#main" className={classes.skipLink}>
        Skip to main content
      </a>
      <header className={headerClasses.header}>
        <Container size="lg" className={headerClasses.bar}>
          <Group gap="sm" wrap="nowrap">
            <a href="/" className={headerClasses.logo} aria-label={`${shell.site.name}, home`}>
              <Logo />
            </a>
            <Text fw={600} c="dimmed" visibleFrom="xs">
              Staff workspace
            </Text>
          </Group>
          <Island of={accountControlIsland} props={{ placement: 'workspace' }} {...accountIsland} />
        </Container>
      </header>
      <main id="main" tabIndex={-1} className={classes.main}>
        <Outlet />
      </main>
      <Island of={authDialogIsland} props={{}} hydrate="interaction" deferContent />
      <ToastRegion />
    </>
  );
}
