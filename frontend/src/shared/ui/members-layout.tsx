import type { ReactNode } from 'react';
import { Container } from 'react-bootstrap';
import { Link, NavLink } from 'react-router-dom';
import { CalendarDays, Dumbbell, House, LayoutList, Timer, TrendingUp, UserRound, type LucideIcon } from 'lucide-react';
import { useCompletionOutboxSync } from '../api/use-completion-outbox';
import { SignOutButton } from './sign-out-button';
import './members.css';

interface NavItem {
  to: string;
  label: string;
  icon: LucideIcon;
  end?: boolean;
}

/** Spec section 2 "Navbar (members)", in this order, with the workout calendar after the plans it lays out and the interval timer before the profile (ADR 0160). */
export const MEMBER_NAV: readonly NavItem[] = [
  { to: '/training', label: 'Dashboard', icon: House, end: true },
  { to: '/training/workouts', label: 'Entrenamientos', icon: Dumbbell },
  { to: '/training/plans', label: 'Planes', icon: LayoutList },
  { to: '/training/calendario', label: 'Calendario', icon: CalendarDays },
  { to: '/training/progress', label: 'Mi Progreso', icon: TrendingUp },
  { to: '/training/timer', label: 'Temporizador', icon: Timer },
  { to: '/training/profile', label: 'Perfil', icon: UserRound },
];

/**
 * The members' frame: a dark top bar with every link on wide screens; on a phone the
 * same links move to a bottom tab bar within thumb reach, and the top keeps the brand
 * and 'Cerrar Sesión'.
 */
export function MembersLayout({ children }: { children: ReactNode }) {
  // A workout saved offline in the player is sent again from any member page (ADR 0053).
  useCompletionOutboxSync();
  return (
    <div className="members-app">
      <header className="members-topbar">
        <Container className="members-topbar__inner">
          <Link to="/training" className="members-brand" aria-label="Pulso, ir al Dashboard">
            <span className="members-brand__dot" aria-hidden="true" />
            Pulso
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
        {MEMBER_NAV.map(({ to, label, icon: Icon, end }) => (
          <NavLink key={to} to={to} end={end} className="members-tabbar__link">
            <Icon size={22} aria-hidden="true" />
            <span>{label}</span>
          </NavLink>
        ))}
      </nav>
    </div>
  );
}
