import { useState, type ReactNode } from 'react';
import { Col, Form, Row } from 'react-bootstrap';
import { Link, Navigate } from 'react-router-dom';
import {
  ArrowRight,
  CalendarDays,
  Clock,
  Flame,
  HeartPulse,
  LayoutList,
  Lock,
  PartyPopper,
  PauseCircle,
  Play,
  TrendingUp,
  Trophy,
  UserRound,
} from 'lucide-react';
import {
  useGetCurrentWorkoutQuery,
  useGetMemberProfileQuery,
  useGetOnboardingStatusQuery,
  useListMemberEnrollmentsQuery,
  useMemberStats,
} from '../../shared/api/api';
import type { EnrollmentDto, StatsDto } from '../../shared/api/generated-api';
import { DIFFICULTY_LABELS, ENROLLMENT_STATUS_LABELS } from '../../shared/lib/labels';
import { formatWorkoutLength } from '../../shared/lib/duration-format';
import { ExerciseThumb, workoutCover } from '../../shared/ui/demo/exercise-demo';
import { formatCount } from '../../shared/lib/number-format';
import { readyToTrainPrompt } from '../../shared/lib/greeting';
import { selectedEnrollment } from '../../shared/lib/enrollments';
import { shortDay, studioDateOf } from '../../shared/lib/studio-calendar';
import { useIdentity } from '../../shared/identity/identity';
import { InstallAppCard } from '../../shared/pwa/install-app-card';
import { MembersLayout } from '../../shared/ui/members-layout';
import { MembershipCard } from '../../shared/ui/membership-card';
import { EmptyState, LinkCard, LoadingRegion, PageHeader, Section, Skeleton, StatCard, TwoColumnSkeleton } from '../../shared/ui/member-ui';
import './dashboard.css';

export const RECENT_ACTIVITY_SIZE = 5;

/** Spec section 2 "/training dashboard"; `challengeCard` is the month's challenge, composed by the route. */
export function DashboardPage({ challengeCard }: { challengeCard?: ReactNode } = {}) {
  const onboarding = useGetOnboardingStatusQuery();
  const onboarded = onboarding.data?.onboardingCompleted;
  const enrollmentList = useListMemberEnrollmentsQuery(undefined, { skip: onboarded !== true });
  const enrollments = enrollmentList.data?.enrollments;
  const profile = useGetMemberProfileQuery();
  const identity = useIdentity();

  if (onboarded === false) return <Navigate to="/onboarding" replace />;
  // Not while the list is being refreshed: right after enrolling, the cached list is still the empty one.
  if (enrollments && enrollments.length === 0 && !enrollmentList.isFetching) return <Navigate to="/training/plans" replace />;

  const firstName = profile.data?.user.firstName?.trim() || identity.user?.firstName?.trim() || 'Atleta';
  return (
    <MembersLayout>
      <PageHeader title={`Hola, ${firstName}`} subtitle={readyToTrainPrompt(profile.data?.user.profile.gender)} />
      {enrollments ? (
        <DashboardContent enrollments={enrollments} challengeCard={challengeCard} />
      ) : enrollmentList.isError || onboarding.isError ? (
        <EmptyState icon={PauseCircle} title="No pudimos cargar tu plan. Revisa tu conexión e inténtalo de nuevo." />
      ) : (
        <DashboardSkeleton />
      )}
    </MembersLayout>
  );
}

function DashboardSkeleton() {
  return <TwoColumnSkeleton label="Cargando tu entrenamiento de hoy..." main={[320, 180]} side={[200, 240]} />;
}

function DashboardContent({ enrollments, challengeCard }: { enrollments: EnrollmentDto[]; challengeCard?: ReactNode }) {
  const [chosenId, setChosenId] = useState<string | null>(null);
  const selected = selectedEnrollment(enrollments, chosenId);
  const stats = useMemberStats().data?.stats;

  return (
    <Row className="g-3">
      <Col lg={8}>
        {selected ? <TodayWorkout enrollments={enrollments} selected={selected} onSelect={setChosenId} /> : null}
        {challengeCard}
        <Section title="Mis planes" headingId="dashboard-plans" action={<Link to="/training/plans">Ver planes</Link>}>
          <div className="dashboard-plans">
            {enrollments.map((enrollment) => (
              <PlanCard
                key={enrollment._id}
                enrollment={enrollment}
                isSelected={enrollment._id === selected?._id}
                onSelect={() => setChosenId(enrollment._id)}
              />
            ))}
          </div>
        </Section>
      </Col>
      <Col lg={4}>
        <MembershipCard headingId="dashboard-membership" />
        <StatsStrip stats={stats} />
        <MonthlyPoints stats={stats} />
        <InstallAppCard />
        <Section title="Accesos rápidos" headingId="dashboard-actions">
          <nav className="dashboard-actions" aria-labelledby="dashboard-actions">
            <LinkCard to="/training/plans" icon={LayoutList} label="Planes" />
            <LinkCard to="/training/progress" icon={TrendingUp} label="Mi Progreso" />
            <LinkCard to="/training/profile" icon={UserRound} label="Perfil" />
          </nav>
        </Section>
        <RecentActivity stats={stats} />
        <AchievementBadges stats={stats} />
      </Col>
    </Row>
  );
}

function TodayWorkout({ enrollments, selected, onSelect }: { enrollments: EnrollmentDto[]; selected: EnrollmentDto; onSelect: (id: string) => void }) {
  // currentData, not data: after switching plans the previous plan's workout must not linger.
  const { currentData: data, isError } = useGetCurrentWorkoutQuery({ id: selected._id });
  const current = data?.currentWorkout ?? null;
  const finished = selected.status === 'completed' || (data !== undefined && current === null);
  const paused = selected.status === 'paused';
  // A plan may hold running workouts, which have intervals, not rounds.
  const roundCount = current && 'rounds' in current ? current.totalRounds || current.rounds?.length : 0;
  const cover = current && 'rounds' in current ? workoutCover(current.rounds) : null;

  return (
    <section className="dashboard-today" aria-labelledby="dashboard-today-title">
      <div className="dashboard-today__top">
        <div>
          <p className="dashboard-today__kicker">Entrenamiento de hoy</p>
          <h2 className="dashboard-today__plan members-item-title" id="dashboard-today-title">
            {selected.planId.title}
            {selected.status !== 'active' ? (
              <span className={`members-badge members-badge--${selected.status} ms-2`}>{ENROLLMENT_STATUS_LABELS[selected.status]}</span>
            ) : null}
          </h2>
        </div>
        {enrollments.length > 1 ? (
          <Form.Group controlId="dashboard-plan-selector" className="dashboard-today__selector">
            <Form.Label className="visually-hidden">Plan</Form.Label>
            <Form.Select value={selected._id} onChange={(event) => onSelect(event.target.value)} aria-label="Plan">
              {enrollments.map((enrollment) => (
                <option key={enrollment._id} value={enrollment._id}>
                  {enrollment.planId.title}
                  {enrollment.status !== 'active' ? ` (${ENROLLMENT_STATUS_LABELS[enrollment.status]})` : ''}
                </option>
              ))}
            </Form.Select>
          </Form.Group>
        ) : null}
      </div>

      {data === undefined && !isError && selected.status !== 'completed' ? (
        <LoadingRegion label="Cargando entrenamiento...">
          <Skeleton height={28} width="65%" className="dashboard-today__skeleton" />
          <Skeleton height={16} width="45%" className="dashboard-today__skeleton mt-2" />
          <Skeleton height={8} className="dashboard-today__skeleton mt-4" />
          <Skeleton height={48} width={220} className="dashboard-today__skeleton mt-4" />
        </LoadingRegion>
      ) : isError ? (
        <p className="dashboard-today__message">No pudimos cargar el entrenamiento de este plan. Inténtalo de nuevo en unos minutos.</p>
      ) : finished ? (
        <div className="dashboard-today__done">
          <PartyPopper size={32} aria-hidden="true" />
          <p className="dashboard-today__title mb-0">¡Has completado todos los entrenamientos de este plan!</p>
          <Link to="/training/plans" className="btn btn-light mt-2">
            Explorar otros planes
          </Link>
        </div>
      ) : current && data ? (
        <>
          {cover ? (
            <div className="dashboard-today__cover" data-exercise={cover.name}>
              <ExerciseThumb media={cover.media} />
            </div>
          ) : null}
          <h3 className="dashboard-today__title">{current.title}</h3>
          {current.goal ? <p className="dashboard-today__goal">{current.goal}</p> : null}
          <ul className="dashboard-today__facts">
            {formatWorkoutLength(current) ? (
              <li>
                <Clock size={16} aria-hidden="true" /> {formatWorkoutLength(current)}
              </li>
            ) : null}
            {roundCount ? (
              <li>
                <Flame size={16} aria-hidden="true" /> {roundCount} rondas
              </li>
            ) : null}
            {current.difficulty ? <li>{DIFFICULTY_LABELS[current.difficulty]}</li> : null}
          </ul>
          <p className="dashboard-today__progress-label">
            Entrenamiento {data.progress.current} de {data.progress.total}
          </p>
          <div
            className="members-progress dashboard-today__progress"
            role="progressbar"
            aria-label="Avance del plan"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={Math.round(data.progress.percentComplete)}
          >
            <div className="members-progress__bar" style={{ width: `${Math.min(100, Math.max(0, data.progress.percentComplete))}%` }} />
          </div>
          {paused ? (
            <>
              <button type="button" className="btn btn-light dashboard-today__start" disabled>
                <PauseCircle size={20} aria-hidden="true" /> Plan Pausado
              </button>
              <p className="dashboard-today__message">
                Este plan está pausado. Reactívalo desde la página de <Link to="/training/plans">Planes</Link> para continuar.
              </p>
            </>
          ) : (
            <Link to={`/workout/${current._id}/plan/${selected.planId._id}/enrollment/${selected._id}`} className="btn btn-brand dashboard-today__start">
              <Play size={20} aria-hidden="true" /> Comenzar Entrenamiento
            </Link>
          )}
          <div className="dashboard-next">
            <span className="dashboard-next__label">Siguiente</span>
            {data.nextWorkout ? (
              <span className="dashboard-next__title">
                {data.nextWorkout.title}
                {formatWorkoutLength(data.nextWorkout) ? (
                  <>
                    {' · '}
                    <span className="text-nowrap">{formatWorkoutLength(data.nextWorkout)}</span>
                  </>
                ) : null}
              </span>
            ) : (
              <span className="dashboard-next__title">Este es el último entrenamiento del plan</span>
            )}
          </div>
        </>
      ) : null}
    </section>
  );
}

function PlanCard({ enrollment, isSelected, onSelect }: { enrollment: EnrollmentDto; isSelected: boolean; onSelect: () => void }) {
  const plan = enrollment.planId;
  const total = plan.totalWorkouts;
  const done = Math.min(total, enrollment.currentIndex);
  return (
    <article className={`dashboard-plan ${isSelected ? 'is-selected' : ''}`} aria-label={enrollment.planId.title}>
      <div className="d-flex align-items-start justify-content-between gap-2">
        <h3 className="dashboard-plan__title members-item-title">{enrollment.planId.title}</h3>
        <span className={`members-badge members-badge--${enrollment.status}`}>{ENROLLMENT_STATUS_LABELS[enrollment.status]}</span>
      </div>
      <p className="dashboard-plan__meta">
        {plan.difficulty ? `${DIFFICULTY_LABELS[plan.difficulty]} · ` : ''}
        {total ? `${done} de ${total} entrenamientos` : 'Plan en curso'}
      </p>
      <div className="members-progress" aria-hidden="true">
        <div className="members-progress__bar" style={{ width: `${total ? (done / total) * 100 : 0}%` }} />
      </div>
      {isSelected ? (
        <span className="dashboard-plan__chosen">Mostrando hoy</span>
      ) : (
        <button type="button" className="btn btn-link dashboard-plan__choose" onClick={onSelect}>
          Ver entrenamiento de hoy <ArrowRight size={16} aria-hidden="true" />
        </button>
      )}
    </article>
  );
}

function StatsStrip({ stats }: { stats: StatsDto | undefined }) {
  return (
    <div className="dashboard-stats">
      <StatCard icon={Flame} tone="fire" label="Racha (días)" value={stats ? stats.currentStreak : <Skeleton height={24} width={32} />} />
      <StatCard icon={CalendarDays} label="Esta semana" value={stats ? stats.thisWeekCount : <Skeleton height={24} width={32} />} />
    </div>
  );
}

const RING_RADIUS = 34;
const RING_LENGTH = 2 * Math.PI * RING_RADIUS;

/**
 * This month's Puntos Pulso against the monthly target, both as the API serves them; only for a
 * member who consented to heart rate or has points (otherwise the dashboard stays as it was).
 */
function MonthlyPoints({ stats }: { stats: StatsDto | undefined }) {
  const heartRate = stats?.heartRate;
  if (!heartRate || heartRate.monthlyPointsTarget <= 0 || (!heartRate.consented && heartRate.totalPoints === 0)) return null;
  const { thisMonthPoints: points, monthlyPointsTarget: target } = heartRate;
  const share = Math.min(1, points / target);
  const missing = Math.max(0, target - points);
  return (
    <section className="members-card dashboard-points" aria-labelledby="dashboard-points-title">
      <div
        className="dashboard-points__ring"
        role="progressbar"
        aria-labelledby="dashboard-points-title"
        aria-valuemin={0}
        aria-valuemax={target}
        aria-valuenow={Math.min(points, target)}
        aria-valuetext={`${formatCount(points)} de ${formatCount(target)} Puntos Pulso`}
      >
        <svg className="dashboard-points__svg" viewBox="0 0 80 80" aria-hidden="true">
          <circle cx="40" cy="40" r={RING_RADIUS} className="dashboard-points__track" />
          <circle
            cx="40"
            cy="40"
            r={RING_RADIUS}
            className="dashboard-points__value"
            strokeDasharray={`${share * RING_LENGTH} ${RING_LENGTH}`}
            transform="rotate(-90 40 40)"
          />
        </svg>
        <HeartPulse size={22} aria-hidden="true" />
      </div>
      <div className="dashboard-points__body">
        <h2 className="dashboard-points__title" id="dashboard-points-title">
          Puntos Pulso del mes
        </h2>
        <p className="dashboard-points__figure" data-testid="dashboard-month-points">
          <strong>{formatCount(points)}</strong> / {formatCount(target)}
        </p>
        <p className="dashboard-points__note">{missing === 0 ? '¡Meta del mes cumplida!' : `Te faltan ${formatCount(missing)} para tu meta mensual.`}</p>
      </div>
    </section>
  );
}

function RecentActivity({ stats }: { stats: StatsDto | undefined }) {
  const recent = (stats?.recentWorkouts ?? []).slice(0, RECENT_ACTIVITY_SIZE);
  return (
    <Section title="Actividad reciente" headingId="dashboard-recent" action={<Link to="/training/progress">Ver todo</Link>}>
      {!stats ? (
        <Skeleton height={150} />
      ) : recent.length === 0 ? (
        <p className="text-secondary mb-0">Aún no has registrado entrenamientos. ¡Hoy es un buen día para empezar!</p>
      ) : (
        <ul className="dashboard-recent">
          {recent.map((item, index) => (
            <li key={`${item.completedAt}-${index}`}>
              <span className="members-brand-tint dashboard-recent__date">{shortDay(studioDateOf(item.completedAt))}</span>
              <span className="dashboard-recent__title">{item.workoutId?.title || 'Entrenamiento'}</span>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

function AchievementBadges({ stats }: { stats: StatsDto | undefined }) {
  const achievements = stats?.achievements ?? [];
  return (
    <Section title="Logros" headingId="dashboard-achievements" action={<Link to="/training/progress">Ver logros</Link>}>
      {!stats ? (
        <Skeleton height={80} />
      ) : achievements.length === 0 ? (
        <p className="text-secondary mb-0">Completa entrenamientos para desbloquear logros.</p>
      ) : (
        <ul className="members-chip-list dashboard-badges">
          {achievements.map((achievement) => (
            <li key={achievement.code} className={achievement.unlocked ? 'is-unlocked' : ''} title={achievement.description}>
              {achievement.unlocked ? <Trophy size={16} aria-hidden="true" /> : <Lock size={14} aria-hidden="true" />}
              <span>{achievement.title}</span>
              <span className="visually-hidden">{achievement.unlocked ? ' (desbloqueado)' : ' (bloqueado)'}</span>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}
