import { Outlet } from 'react-router-dom';
import { Island } from '../../components/island';
import { ToastRegion } from '../../components/toaster';
import authDialogIsland from '../../features/account/auth-dialog.island';
import { Footer } from './footer';
import { Header } from './header';
import classes from './site-layout.module.css';

/** Every page: skip link, sticky header, the route's content, footer, the account dialog and the toast region. */
export function SiteLayout() {
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
      <Island of={authDialogIsland} props={{}} hydrate="interaction" deferContent />
      <ToastRegion />
    </>
  );
}
