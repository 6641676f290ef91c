import type { ReactNode } from 'react';
import { Container } from 'react-bootstrap';
import { SignOutButton } from './sign-out-button';
import './members.css';

/** Onboarding and the trial page: the brand bar and one card, nothing to wander off to. */
export function FocusedLayout({ children }: { children: ReactNode }) {
  return (
    <div className="members-app members-focused">
      <header className="members-topbar">
        <Container className="members-topbar__inner">
          <span className="members-brand">
            <span className="members-brand__dot" aria-hidden="true" />
            Pulso
          </span>
          <SignOutButton />
        </Container>
      </header>
      <main className="members-focused__main">{children}</main>
    </div>
  );
}
