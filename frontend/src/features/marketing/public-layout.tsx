import { Outlet } from 'react-router-dom';
import { AnnouncementBanner } from './announcement-banner';
import { SiteFooter } from './site-footer';
import { SiteNavbar } from './site-navbar';

export function PublicLayout() {
  return (
    <>
      <a href="#contenido" className="skip-link">
        Saltar al contenido
      </a>
      <SiteNavbar />
      <div className="site-navbar-spacer" />
      <AnnouncementBanner />
      <div id="contenido">
        <Outlet />
      </div>
      <SiteFooter />
    </>
  );
}
