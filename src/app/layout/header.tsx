import { Burger, Container, Group, UnstyledButton } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router-dom';
import { shell } from 'virtual:site-shell';
import { AccountButton } from '../../features/account/account-button';
import { Logo } from './logo';
import classes from './header.module.css';

/** Mantine's `sm` breakpoint: the spec's 768px at the default 16px root size. */
const DESKTOP_QUERY = '(min-width: 48em)';

/** The mobile menu is open only until the visitor navigates or the window is wide enough for the full nav. */
function useMobileMenu() {
  const { pathname } = useLocation();
  const isDesktop = useMediaQuery(DESKTOP_QUERY);
  const [open, setOpen] = useState(false);
  const [openedOn, setOpenedOn] = useState(pathname);
  if (open && (pathname !== openedOn || isDesktop)) setOpen(false);
  return {
    open,
    toggle: () => {
      setOpenedOn(pathname);
      setOpen(!open);
    },
    close: () => setOpen(false),
  };
}

export function Header() {
  const menu = useMobileMenu();
  const links = shell.nav.map((item) => (
    <NavLink key={item.to} to={item.to} className={classes.link}>
      {item.label}
    </NavLink>
  ));

  return (
    <header className={classes.header}>
      <Container size="lg" className={classes.bar}>
        <UnstyledButton component={Link} to="/" className={classes.logo} aria-label={`${shell.site.name}, home`}>
          <Logo />
        </UnstyledButton>
        <Group gap="xs" visibleFrom="sm" component="nav" aria-label="Main">
          {links}
        </Group>
        <Group gap="xs">
          <AccountButton visibleFrom="sm" variant="filled" size="sm" />
          <Burger
            hiddenFrom="sm"
            opened={menu.open}
            onClick={menu.toggle}
            aria-label={menu.open ? 'Close menu' : 'Open menu'}
            aria-expanded={menu.open}
            aria-controls="mobile-menu"
          />
        </Group>
      </Container>
      {menu.open && (
        <nav id="mobile-menu" aria-label="Main" className={classes.mobileMenu}>
          <Container size="lg">
            <div className={classes.mobileLinks}>{links}</div>
            <AccountButton fullWidth mt="sm" onAction={menu.close} />
          </Container>
        </nav>
      )}
    </header>
  );
}
