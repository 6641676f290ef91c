import type { LucideIcon } from 'lucide-react';
import { useEffect, useRef, type ReactNode } from 'react';
import { PageMeta } from './page-meta';
import './link-landing.css';

/**
 * The page a link from an email lands on (a one-click opt-out, a free-class cancellation): it acts
 * on the link's token without signing in and says, in one centred panel that screen readers follow,
 * what is under way, what happened, or why the link could not be used.
 */
export function LinkLanding({ title, description, children }: { title: string; description: string; children: ReactNode }) {
  return (
    <main>
      <PageMeta title={title} description={description} />
      <section className="section section--soft link-landing">
        <div className="container">
          <div className="form-panel link-landing__panel" aria-live="polite">
            {children}
          </div>
        </div>
      </section>
    </main>
  );
}

/** While the link's request is under way. */
export function LinkLandingBusy({ title }: { title: string }) {
  return (
    <>
      <div className="spinner-border text-primary mb-3" role="status" aria-hidden="true" />
      <h1 className="link-landing__title">{title}</h1>
    </>
  );
}

/** One state of the panel: its icon (green once the link did its work), its heading, then what follows. */
export function LinkLandingState({ icon: Icon, done = false, title, children }: { icon: LucideIcon; done?: boolean; title: ReactNode; children: ReactNode }) {
  return (
    <>
      <Icon size={48} className={done ? 'link-landing__icon link-landing__icon--done' : 'link-landing__icon'} aria-hidden="true" />
      <h1 className="link-landing__title">{title}</h1>
      {children}
    </>
  );
}

/** Runs `act` once per visit when the link carries a token (development mounts twice). */
export function useOnArrival(token: string, act: () => void): void {
  const acted = useRef(false);
  useEffect(() => {
    if (!token || acted.current) return;
    acted.current = true;
    act();
  }, [act, token]);
}
