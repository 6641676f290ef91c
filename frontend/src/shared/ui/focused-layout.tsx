import type { ReactNode } from 'react';
import { Container } from 'react-bootstrap';
import { LogOut } from 'lucide-react';
import { useMemberSignOut } from './use-member-sign-out';
import './members.css';

/** Onboarding and the trial page: the brand bar and one card, nothing to wander off to. */
export function FocusedLayout({ children }: { children: ReactNode }) {
  const signOut = useMemberSignOut();
  return (
    <div className="members-app members-focused">
      <header className="members-topbar">
        <Container className="members-topbar__inner">
          <span className="members-brand">
            <span className="members-brand__dot" aria-hidden="true" />
            Pulso
          </span>
          <button type="button" className="members-signout" onClick={() => void signOut()}>
            <LogOut size={18} aria-hidden="true" />
            <span>Cerrar Sesión</span>
          </button>
        </Container>
      </header>
      <main className="members-focused__main">{children}</main>
    </div>
  );
}
