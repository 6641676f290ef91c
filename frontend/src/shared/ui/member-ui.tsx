import type { ReactNode } from 'react';
import { Col, Row } from 'react-bootstrap';
import { Link } from 'react-router-dom';
import { ChevronRight, type LucideIcon } from 'lucide-react';

/** Building blocks every members' page shares, so the pages look like one app. */

export function PageHeader({ title, subtitle, actions }: { title: ReactNode; subtitle?: ReactNode; actions?: ReactNode }) {
  return (
    <div className="members-page-header">
      <div>
        <h1 className="members-page-title">{title}</h1>
        {subtitle ? <p className="members-page-subtitle">{subtitle}</p> : null}
      </div>
      {actions ? <div className="members-page-actions">{actions}</div> : null}
    </div>
  );
}

/** A grey placeholder with the final element's size, so loading never shifts the layout. */
export function Skeleton({
  height,
  width = '100%',
  className = '',
  rounded = 12,
}: {
  height: number | string;
  width?: number | string;
  className?: string;
  rounded?: number;
}) {
  return <span className={`members-skeleton ${className}`} style={{ height, width, borderRadius: rounded }} aria-hidden="true" />;
}

/** Announces loading to assistive technology while the skeletons show it visually. */
export function LoadingRegion({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div role="status" aria-busy="true" aria-live="polite">
      <span className="visually-hidden">{label}</span>
      {children}
    </div>
  );
}

/** The loading state of a page with a main column and a sidebar: a stack of card skeletons of these heights in each. */
export function TwoColumnSkeleton({ label, main, side }: { label: string; main: number[]; side: number[] }) {
  return (
    <LoadingRegion label={label}>
      <Row className="g-3">
        <Col lg={8}>
          <CardSkeletons heights={main} />
        </Col>
        <Col lg={4}>
          <CardSkeletons heights={side} />
        </Col>
      </Row>
    </LoadingRegion>
  );
}

function CardSkeletons({ heights }: { heights: number[] }) {
  return heights.map((height, index) => <Skeleton key={index} height={height} rounded={16} className={index > 0 ? 'mt-3' : undefined} />);
}

export function StatCard({
  icon: Icon,
  label,
  value,
  tone = 'brand',
}: {
  icon: LucideIcon;
  label: string;
  value: ReactNode;
  tone?: 'brand' | 'fire' | 'green' | 'violet';
}) {
  return (
    <div className={`members-stat members-stat--${tone}`}>
      <span className="members-stat__icon" aria-hidden="true">
        <Icon size={20} />
      </span>
      <div className="members-stat__body">
        <span className="members-stat__value">{value}</span>
        <span className="members-stat__label">{label}</span>
      </div>
    </div>
  );
}

export function EmptyState({ icon: Icon, title, children }: { icon: LucideIcon; title: string; children?: ReactNode }) {
  return (
    <div className="members-empty">
      <span className="members-empty__icon" aria-hidden="true">
        <Icon size={28} />
      </span>
      <p className="members-empty__title">{title}</p>
      {children}
    </div>
  );
}

export function Section({
  title,
  action,
  children,
  className = '',
  headingId,
}: {
  title: string;
  action?: ReactNode;
  children: ReactNode;
  className?: string;
  headingId?: string;
}) {
  return (
    <section className={`members-card ${className}`} aria-labelledby={headingId}>
      <div className="members-card__header">
        <h2 className="members-card__title" id={headingId}>
          {title}
        </h2>
        {action}
      </div>
      {children}
    </section>
  );
}

/** A shortcut to another members' page: a card with the page's icon and name. */
export function LinkCard({ to, icon: Icon, label }: { to: string; icon: LucideIcon; label: string }) {
  return (
    <Link to={to} className="members-link-card">
      <Icon size={20} aria-hidden="true" />
      {` ${label} `}
      <ChevronRight size={18} className="ms-auto" aria-hidden="true" />
    </Link>
  );
}
