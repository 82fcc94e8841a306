import { Outlet } from 'react-router-dom';
import { AuthDialogHost } from '../../features/account/auth-dialog-host';
import { Toaster } from '../toaster';
import { Footer } from './footer';
import { Header } from './header';
import { useRouteHead } from './use-route-head';
import classes from './site-layout.module.css';

/** Every page: skip link, sticky header, the route's content, footer and the shared auth dialog. */
export function SiteLayout() {
  useRouteHead();
  return (
    <>
      <a href="#main" className={classes.skipLink}>
        Skip to main content
      </a>
      <Header />
      <main id="main" tabIndex={-1} className={classes.main}>
        <Outlet />
      </main>
      <Footer />
      <AuthDialogHost />
      <Toaster />
    </>
  );
}
