import { Container, Group, UnstyledButton } from '@mantine/core';
import { NavLink } from 'react-router-dom';
import { shell } from 'virtual:site-shell';
import { Icon } from '../../components/icon';
import { Island } from '../../components/island';
import accountControlIsland from '../../features/account/account-control.island';
import { accountIsland } from '../../lib/account/account-context';
import { MOBILE_MENU_ID } from '../../lib/page-ids';
import { Logo } from './logo';
import classes from './header.module.css';

/**
 * The sticky header. On narrow screens the nav is a popover the menu button opens with no script: it
 * works from the first paint, closes on Escape, a tap outside, a new page, or when a dialog opens; the
 * page's loader (src/main.tsx) closes it when the window reaches 768 px. Only the account control is an island.
 */
export function Header() {
  const links = shell.nav.map((item) => (
    <NavLink key={item.to} to={item.to} className={classes.link}>
      {item.label}
    </NavLink>
  ));

  return (
    <header className={classes.header}>
      <Container size="lg" className={classes.bar}>
        <a href="/" className={classes.logo} aria-label={`${shell.site.name}, home`}>
          <Logo />
        </a>
        <Group gap="xs" visibleFrom="sm" component="nav" aria-label="Main">
          {links}
        </Group>
        <Group gap="xs">
          <Island of={accountControlIsland} props={{ placement: 'header' }} {...accountIsland} />
          <UnstyledButton className={classes.menuButton} popoverTarget={MOBILE_MENU_ID} aria-label="Menu" hiddenFrom="sm">
            <span className={classes.whenClosed}>
              <Icon name="menu" size={26} />
            </span>
            <span className={classes.whenOpen}>
              <Icon name="close" size={26} />
            </span>
          </UnstyledButton>
        </Group>
      </Container>
      <nav id={MOBILE_MENU_ID} popover="auto" aria-label="Main" className={classes.mobileMenu}>
        <Container size="lg">
          <div className={classes.mobileLinks}>{links}</div>
          <Island of={accountControlIsland} props={{ placement: 'menu' }} {...accountIsland} />
        </Container>
      </nav>
    </header>
  );
}
