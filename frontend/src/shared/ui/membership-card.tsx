import { CalendarClock, Snowflake, Ticket, Users } from 'lucide-react';
import { Link } from 'react-router-dom';
import { useGetMyMembershipQuery } from '../api/api';
import { useStudioToday } from '../hooks/use-studio-today';
import { classesLabel, daysLeft, MEMBERSHIP_STATUS_LABELS, validityLabel } from '../lib/membership-format';
import { Section, Skeleton } from './member-ui';
import './membership-card.css';

/** The member's membership: plan, classes left (or unlimited) and last day; on the dashboard and in Mi Perfil. */
export function MembershipCard({ headingId }: { headingId: string }) {
  const { data, isError } = useGetMyMembershipQuery();
  const today = useStudioToday();
  const membership = data?.membership;
  return (
    <Section title="Mi membresía" headingId={headingId} className="membership-card">
      {data === undefined && !isError ? (
        <div aria-busy="true" aria-label="Cargando tu membresía">
          <Skeleton height={22} width="55%" />
          <Skeleton height={8} className="mt-3" />
          <Skeleton height={16} width="70%" className="mt-3" />
        </div>
      ) : isError ? (
        <p className="text-secondary mb-0">No pudimos cargar tu membresía. Inténtalo de nuevo en unos minutos.</p>
      ) : !membership ? (
        <div className="membership-card__empty">
          <p className="mb-2">Aún no tienes una membresía. Con una puedes reservar tus clases en el estudio.</p>
          <Link to="/memberships" className="btn btn-brand membership-card__action">
            Ver Membresías
          </Link>
        </div>
      ) : (
        <div className={`membership-card__body is-${membership.status}`}>
          <div className="membership-card__head">
            <p className="membership-card__plan">
              <Ticket size={20} aria-hidden="true" /> {membership.planTitle}
            </p>
            <span className={`members-badge membership-badge--${membership.status}`}>
              {membership.status === 'frozen' ? <Snowflake size={12} aria-hidden="true" /> : null}
              {MEMBERSHIP_STATUS_LABELS[membership.status]}
            </span>
          </div>
          {membership.status !== 'expired' ? (
            <>
              <p className="membership-card__classes">{classesLabel(membership)}</p>
              {!membership.unlimited && membership.classesPerPeriod ? (
                <div
                  className="members-progress"
                  role="progressbar"
                  aria-label="Clases que quedan"
                  aria-valuemin={0}
                  aria-valuemax={membership.classesPerPeriod}
                  aria-valuenow={membership.classesLeft ?? 0}
                >
                  <div
                    className="members-progress__bar"
                    style={{ width: `${Math.min(100, ((membership.classesLeft ?? 0) / membership.classesPerPeriod) * 100)}%` }}
                  />
                </div>
              ) : null}
            </>
          ) : null}
          <p className={`membership-card__validity ${membership.status === 'active' && daysLeft(membership, today) <= 6 ? 'is-soon' : ''}`}>
            <CalendarClock size={16} aria-hidden="true" /> {validityLabel(membership, today)}
          </p>
          {membership.people > 1 ? (
            <p className="membership-card__shared">
              <Users size={16} aria-hidden="true" />{' '}
              {membership.holder
                ? `Compartes las clases con ${membership.people - 1} ${membership.people - 1 === 1 ? 'persona' : 'personas'}`
                : 'Plan compartido: las clases son de todo el grupo'}
            </p>
          ) : null}
          {membership.status === 'expired' || (membership.status === 'active' && daysLeft(membership, today) <= 6) ? (
            <Link to="/memberships" className="btn btn-brand membership-card__action mt-3">
              Renovar membresía
            </Link>
          ) : null}
        </div>
      )}
    </Section>
  );
}
