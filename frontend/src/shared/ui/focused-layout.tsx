import type { ReactNode } from 'react';
import { Container } from 'react-bootstrap';
import { BrandLogo } from './brand-logo';
import { SignOutButton } from './sign-out-button';
import './members.css';

/** Onboarding and the trial page: the brand bar and one card, nothing to wander off to. */
export function FocusedLayout({ children }: { children: ReactNode }) {
  return (
    <div className="members-app members-focused">
      <header className="members-topbar">
        <Container className="members-topbar__inner">
          <span className="members-brand">
            <BrandLogo variant="platform" />
          </span>
          <SignOutButton />
        </Container>
      </header>
      <main className="members-focused__main">{children}</main>
    </div>
  );
}
