import { Menu, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router-dom';
import { BrandLogo } from '../../shared/ui/brand-logo';

export const NAV_LINKS = [
  { to: '/', label: 'Home' },
  { to: '/memberships', label: 'Membresías' },
  { to: '/reserva', label: 'Reserva' },
  { to: '/contactanos', label: 'Contáctanos' },
  { to: '/login', label: 'Login' },
  { to: '/platform-register', label: 'Plataforma' },
] as const;

/**
 * Fixed dark bar (spec section 2). Under 768 px the links collapse behind a toggle
 * that opens in 300 ms, Bootstrap's collapse timing; a hand-written collapse keeps
 * react-bootstrap out of the landing's JavaScript.
 */
export function SiteNavbar() {
  const [open, setOpen] = useState(false);
  const { pathname } = useLocation();

  useEffect(() => setOpen(false), [pathname]);

  return (
    <header className="site-navbar">
      <nav className="container" aria-label="Principal">
        <div className="site-navbar__bar">
          <Link to="/" className="site-logo" aria-label="PULSO Heart Rate Studio, inicio">
            <BrandLogo variant="site" />
          </Link>
          <button
            type="button"
            className="site-navbar__toggle"
            aria-controls="site-menu"
            aria-expanded={open}
            aria-label={open ? 'Cerrar menú' : 'Abrir menú'}
            onClick={() => setOpen((value) => !value)}
          >
            {open ? <X size={22} aria-hidden="true" /> : <Menu size={22} aria-hidden="true" />}
          </button>
          <div id="site-menu" className={`site-navbar__menu${open ? ' is-open' : ''}`}>
            <div className="site-navbar__menu-inner">
              <NavItems />
            </div>
          </div>
        </div>
      </nav>
    </header>
  );
}

function NavItems() {
  return (
    <>
      <ul className="site-navbar__links">
        {NAV_LINKS.map((link) => (
          <li key={link.to}>
            <NavLink to={link.to} end className="site-navbar__link">
              {link.label}
            </NavLink>
          </li>
        ))}
      </ul>
      <Link to="/register" className="btn btn-brand site-navbar__cta">
        Clase Gratis
      </Link>
    </>
  );
}
