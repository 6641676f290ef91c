import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Container } from 'react-bootstrap';
import { Link, NavLink, useLocation } from 'react-router-dom';
import { CalendarCheck, CalendarDays, Dumbbell, Ellipsis, House, LayoutList, Timer, Trophy, TrendingUp, UserRound, type LucideIcon } from 'lucide-react';
import { useCompletionOutboxSync } from '../api/use-completion-outbox';
import { registerServiceWorker } from '../pwa/service-worker';
import { UpdateNotice } from '../pwa/update-notice';
import { BrandLogo } from './brand-logo';
import { SignOutButton } from './sign-out-button';
import './members.css';

interface NavItem {
  to: string;
  label: string;
  icon: LucideIcon;
  end?: boolean;
  /** Not one of the spec's five: on a phone it sits under "Más" so each tab keeps its whole label. */
  more?: boolean;
}

/**
 * Spec section 2 "Navbar (members)", in this order, with the studio's classes to book and the
 * workout calendar after the plans, the interval timer (ADR 0160) and the monthly challenges
 * before the profile.
 */
export const MEMBER_NAV: readonly NavItem[] = [
  { to: '/training', label: 'Dashboard', icon: House, end: true },
  { to: '/training/workouts', label: 'Entrenamientos', icon: Dumbbell },
  { to: '/training/plans', label: 'Planes', icon: LayoutList },
  { to: '/training/clases', label: 'Mis Clases', icon: CalendarCheck, more: true },
  { to: '/training/calendario', label: 'Calendario', icon: CalendarDays, more: true },
  { to: '/training/progress', label: 'Mi Progreso', icon: TrendingUp },
  { to: '/training/timer', label: 'Temporizador', icon: Timer, more: true },
  { to: '/training/retos', label: 'Retos', icon: Trophy, more: true },
  { to: '/training/profile', label: 'Perfil', icon: UserRound },
];

/** Under "Más" on a phone: the studio's classes, the platform's own tools and the monthly challenges. */
const MORE_ON_PHONE: readonly NavItem[] = MEMBER_NAV.filter((item) => item.more);

/**
 * "Más" in the phone's tab bar: a disclosure above it with the links that do not fit as tabs. It
 * closes on a new page, a tap outside or Escape, and reads as current when one of its pages is.
 */
function MoreTab() {
  const [open, setOpen] = useState(false);
  const { pathname } = useLocation();
  const root = useRef<HTMLDivElement>(null);
  const current = MORE_ON_PHONE.some((item) => pathname.startsWith(item.to));

  useEffect(() => setOpen(false), [pathname]);
  useEffect(() => {
    if (!open) return;
    const outside = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const escape = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('pointerdown', outside);
    document.addEventListener('keydown', escape);
    return () => {
      document.removeEventListener('pointerdown', outside);
      document.removeEventListener('keydown', escape);
    };
  }, [open]);

  return (
    <div className="members-tabbar__more" ref={root}>
      <button
        type="button"
        className={`members-tabbar__link${current ? ' active' : ''}`}
        aria-expanded={open}
        aria-controls="members-more"
        onClick={() => setOpen((value) => !value)}
      >
        <Ellipsis size={22} aria-hidden="true" />
        <span>Más</span>
      </button>
      {open ? (
        <ul id="members-more" className="members-more" aria-label="Más secciones">
          {MORE_ON_PHONE.map(({ to, label, icon: Icon }) => (
            <li key={to}>
              <NavLink to={to} className="members-more__link">
                <Icon size={20} aria-hidden="true" />
                <span>{label}</span>
              </NavLink>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/**
 * The members' frame: a dark top bar with every link on wide screens and 'Cerrar Sesión' in
 * words at every width; on a phone the spec's five move to a bottom tab bar within thumb reach
 * with "Más" for the rest, and the top keeps the brand and 'Cerrar Sesión'.
 */
export function MembersLayout({ children }: { children: ReactNode }) {
  // A workout saved offline in the player is sent again from any member page (ADR 0053).
  useCompletionOutboxSync();
  // Signed in: from here on the app works offline (ADR 0305); the public site never registers it.
  useEffect(() => {
    void registerServiceWorker();
  }, []);
  return (
    <div className="members-app">
      <header className="members-topbar">
        <Container className="members-topbar__inner">
          <Link to="/training" className="members-brand" aria-label="PULSO, ir al Dashboard">
            <BrandLogo variant="platform" />
          </Link>
          <nav className="members-nav" aria-label="Plataforma de entrenamiento">
            {MEMBER_NAV.map(({ to, label, icon: Icon, end }) => (
              <NavLink key={to} to={to} end={end} className="members-nav__link">
                <Icon size={18} aria-hidden="true" />
                <span>{label}</span>
              </NavLink>
            ))}
          </nav>
          <SignOutButton />
        </Container>
      </header>
      <main className="members-main" id="contenido">
        <Container>{children}</Container>
      </main>
      <nav className="members-tabbar" aria-label="Navegación inferior">
        {MEMBER_NAV.filter((item) => !item.more).map(({ to, label, icon: Icon, end }) => (
          <NavLink key={to} to={to} end={end} className="members-tabbar__link">
            <Icon size={22} aria-hidden="true" />
            <span>{label}</span>
          </NavLink>
        ))}
        <MoreTab />
      </nav>
      <UpdateNotice />
    </div>
  );
}
