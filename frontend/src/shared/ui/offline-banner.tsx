import { useLocation } from 'react-router-dom';
import { useOnline } from '../hooks/use-online';

/** The members' pages open from what the app saved (ADR 0305); elsewhere nothing is kept. */
const SAVED_PAGES = /^\/(training(\/|$)|workout\/)/;

/** A bar on every page while the browser is offline (issue 37: no blank screens). */
export function OfflineBanner() {
  const online = useOnline();
  const { pathname } = useLocation();
  if (online) return null;
  return (
    <div className="offline-banner" role="status">
      {SAVED_PAGES.test(pathname) ? 'Sin conexión — mostrando lo último guardado' : 'Sin conexión — algunas secciones no cargarán'}
    </div>
  );
}
