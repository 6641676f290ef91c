import { Outlet, useLocation } from 'react-router-dom';
import { AnnouncementBanner } from './announcement-banner';
import { SiteFooter } from './site-footer';
import { SiteNavbar } from './site-navbar';

/** The sign-in and sign-up pages, where the banner's own 'Regístrate' would only push the form down. */
const AUTH_PAGES = /^\/(login|sign-in|platform-register|sign-up)(\/|$)/;

export function PublicLayout() {
  const { pathname } = useLocation();
  return (
    <>
      <a href="#contenido" className="skip-link">
        Saltar al contenido
      </a>
      <SiteNavbar />
      <div className="site-navbar-spacer" />
      <AnnouncementBanner hidden={AUTH_PAGES.test(pathname)} />
      <div id="contenido">
        <Outlet />
      </div>
      <SiteFooter />
    </>
  );
}
