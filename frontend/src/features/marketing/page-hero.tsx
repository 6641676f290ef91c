import type { ReactNode } from 'react';

/** The dark band that opens every inner page of the public site. */
export function PageHero({ eyebrow, title, children }: { eyebrow: string; title: string; children?: ReactNode }) {
  return (
    <section className="page-hero">
      <div className="container">
        <p className="eyebrow">{eyebrow}</p>
        <h1 className="page-hero__title">{title}</h1>
        {children && <p className="page-hero__lead">{children}</p>}
      </div>
    </section>
  );
}
