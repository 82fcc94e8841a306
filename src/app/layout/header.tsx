import { Burger, Container, Group, UnstyledButton } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { useEffect } from 'react';
import { Link, NavLink, useLocation } from 'react-router-dom';
import { shell } from 'virtual:site-shell';
import { AccountButton } from '../../features/account/account-button';
import { Logo } from './logo';
import classes from './header.module.css';

/** Mantine's `sm` breakpoint: the spec's 768px at the default 16px root size. */
const DESKTOP_QUERY = '(min-width: 48em)';

export function Header() {
  const [menuOpen, menu] = useDisclosure(false);
  const { pathname } = useLocation();
  const isDesktop = useMediaQuery(DESKTOP_QUERY);

  useEffect(() => menu.close(), [pathname, menu]);
  useEffect(() => {
    if (isDesktop) menu.close();
  }, [isDesktop, menu]);

  const links = shell.nav.map((item) => (
    <NavLink key={item.to} to={item.to} className={classes.link}>
      {item.label}
    </NavLink>
  ));

  return (
    <header className={classes.header}>
      <Container size="lg" className={classes.bar}>
        <UnstyledButton component={Link} to={'/'} className={classes.logo} aria-label={`${shell.site.name}, home`}>
          <Logo />
        </UnstyledButton>
        <Group gap="xs" visibleFrom="sm" component="nav" aria-label="Main">
          {links}
        </Group>
        <Group gap="xs">
          <AccountButton visibleFrom="sm" variant="filled" size="sm" />
          <Burger
            hiddenFrom="sm"
            opened={menuOpen}
            onClick={menu.toggle}
            aria-label={menuOpen ? 'Close menu' : 'Open menu'}
            aria-expanded={menuOpen}
            aria-controls="mobile-menu"
          />
        </Group>
      </Container>
      {menuOpen && (
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
