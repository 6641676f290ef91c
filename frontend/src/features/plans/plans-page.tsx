import { useState } from 'react';
import { Alert, Button } from 'react-bootstrap';
import { Link, Navigate, useNavigate } from 'react-router-dom';
import { CalendarRange, CheckCircle2, Clock, Dumbbell, Flag, LayoutList, PlayCircle, Target } from 'lucide-react';
import {
  isOnboardingIncomplete,
  serverMessage,
  useAbandonEnrollmentMutation,
  useEnrollInPlanMutation,
  useGetOnboardingStatusQuery,
  useListMemberEnrollmentsQuery,
  useListPlansQuery,
  useResumeEnrollmentMutation,
} from '../../shared/api/api';
import type { EnrollmentDto as Enrollment, PlanDto as Plan } from '../../shared/api/generated-api';
import { newIdempotencyKey } from '../../shared/api/idempotency-key';
import { useOnline } from '../../shared/hooks/use-online';
import { DIFFICULTY_LABELS, ENROLLMENT_STATUS_LABELS } from '../../shared/lib/labels';
import { formatWorkoutLength } from '../../shared/lib/duration-format';
import { defaultEnrollmentId } from '../../shared/lib/enrollments';
import { MembersLayout } from '../../shared/ui/members-layout';
import { EmptyState, LoadingRegion, PageHeader, Skeleton } from '../../shared/ui/member-ui';
import { MembersModal } from '../../shared/ui/members-modal';
import { planLengthLabel } from './plan-length';
import './plans.css';

export const PREVIEW_WORKOUTS = 3;

/** Enrolments that still hold the plan (a completed one lets the member start it again). */
function enrollmentFor(plan: Plan, enrollments: readonly Enrollment[]): Enrollment | undefined {
  return enrollments.find((enrollment) => enrollment.planId._id === plan._id && enrollment.status !== 'completed');
}

/** Spec section 2 "/training/plans"; like the dashboard, it sends a member who has not finished the wizard to /onboarding. */
export function PlansPage() {
  const onboarding = useGetOnboardingStatusQuery();
  const plans = useListPlansQuery();
  const enrollments = useListMemberEnrollmentsQuery();
  const [detail, setDetail] = useState<Plan | null>(null);
  const [abandoning, setAbandoning] = useState<Enrollment | null>(null);
  // Reactivating happens on the page itself (banner or card), so its failure shows at the top of the page.
  const [resumeError, setResumeError] = useState<string | null>(null);

  const enrolled = enrollments.data?.enrollments ?? [];
  const currentId = defaultEnrollmentId(enrolled.filter((enrollment) => enrollment.status !== 'completed'));
  const current = enrolled.find((enrollment) => enrollment._id === currentId) ?? null;

  if (onboarding.data?.onboardingCompleted === false) return <Navigate to="/onboarding" replace />;
  return (
    <MembersLayout>
      <PageHeader title="Planes de Entrenamiento" subtitle="Programas guiados para avanzar semana a semana." />
      {resumeError ? (
        <Alert variant="danger" dismissible onClose={() => setResumeError(null)} closeLabel="Cerrar">
          {resumeError}
        </Alert>
      ) : null}
      {current ? <CurrentPlanBanner enrollment={current} onAbandon={() => setAbandoning(current)} onResumeFailed={setResumeError} /> : null}

      {plans.isLoading || enrollments.isLoading ? (
        <LoadingRegion label="Cargando planes...">
          <div className="plans-grid">
            {[0, 1, 2].map((index) => (
              <Skeleton key={index} height={260} rounded={16} />
            ))}
          </div>
        </LoadingRegion>
      ) : plans.isError ? (
        <EmptyState icon={LayoutList} title="No pudimos cargar los planes.">
          <Button variant="outline-primary" onClick={() => void plans.refetch()}>
            Reintentar
          </Button>
        </EmptyState>
      ) : !plans.data || plans.data.plans.length === 0 ? (
        <EmptyState icon={LayoutList} title="No hay planes disponibles" />
      ) : (
        <div className="plans-grid">
          {plans.data.plans.map((plan) => (
            <PlanCard
              key={plan._id}
              plan={plan}
              enrollment={enrollmentFor(plan, enrolled)}
              onDetails={() => setDetail(plan)}
              onAbandon={setAbandoning}
              onResumeFailed={setResumeError}
            />
          ))}
        </div>
      )}

      <PlanDetailModal plan={detail} onClose={() => setDetail(null)} />
      <AbandonModal enrollment={abandoning} onClose={() => setAbandoning(null)} />
    </MembersLayout>
  );
}

function CurrentPlanBanner({
  enrollment,
  onAbandon,
  onResumeFailed,
}: {
  enrollment: Enrollment;
  onAbandon: () => void;
  onResumeFailed: (message: string) => void;
}) {
  const plan = typeof enrollment.planId === 'string' ? null : enrollment.planId;
  const total = plan?.totalWorkouts ?? 0;
  const done = Math.min(total, enrollment.currentIndex);
  return (
    <section className="plans-banner" aria-labelledby="plans-banner-title">
      <div className="plans-banner__body">
        <p className="plans-banner__kicker">Tu plan actual</p>
        <h2 className="plans-banner__title" id="plans-banner-title">
          {enrollment.planId.title}
          {enrollment.status !== 'active' ? (
            <span className={`members-badge members-badge--${enrollment.status} ms-2`}>{ENROLLMENT_STATUS_LABELS[enrollment.status]}</span>
          ) : null}
        </h2>
        {total ? (
          <>
            <p className="plans-banner__meta">
              {done} de {total} entrenamientos completados
            </p>
            <div className="members-progress plans-banner__progress" aria-hidden="true">
              <div className="members-progress__bar" style={{ width: `${(done / total) * 100}%` }} />
            </div>
          </>
        ) : null}
      </div>
      <div className="plans-banner__actions">
        {enrollment.status === 'paused' ? (
          <ResumeButton enrollment={enrollment} className="btn btn-light" onFailed={onResumeFailed} />
        ) : (
          <Link to="/training" className="btn btn-light">
            Ir al Dashboard
          </Link>
        )}
        <Button variant="outline-light" onClick={onAbandon}>
          Abandonar plan
        </Button>
      </div>
    </section>
  );
}

function PlanCard(props: {
  plan: Plan;
  enrollment: Enrollment | undefined;
  onDetails: () => void;
  onAbandon: (enrollment: Enrollment) => void;
  onResumeFailed: (message: string) => void;
}) {
  const { plan, enrollment, onDetails, onAbandon, onResumeFailed } = props;
  const titleId = `plan-${plan._id}`;
  return (
    <article className={`plans-card ${enrollment ? 'is-enrolled' : ''}`} aria-labelledby={titleId}>
      <div className="plans-card__top">
        <span className="members-badge members-badge--level">{planLengthLabel(plan.estimatedWeeks)}</span>
        {plan.difficulty ? <span className="plans-card__level">{DIFFICULTY_LABELS[plan.difficulty]}</span> : null}
      </div>
      <h2 className="plans-card__title members-item-title" id={titleId}>
        {plan.title}
      </h2>
      {plan.description ? <p className="plans-card__description">{plan.description}</p> : null}
      <ul className="plans-card__facts">
        <li>
          <Dumbbell size={16} aria-hidden="true" /> {plan.totalWorkouts ?? plan.workouts?.length ?? 0} entrenamientos
        </li>
        {plan.estimatedWeeks ? (
          <li>
            <CalendarRange size={16} aria-hidden="true" /> {plan.estimatedWeeks} {plan.estimatedWeeks === 1 ? 'semana' : 'semanas'}
          </li>
        ) : null}
      </ul>
      <div className="plans-card__actions">
        {enrollment ? (
          <>
            <span className="plans-card__current">
              <CheckCircle2 size={18} aria-hidden="true" /> Plan Actual
            </span>
            {enrollment.status === 'paused' ? <ResumeButton enrollment={enrollment} className="btn btn-sm btn-brand" onFailed={onResumeFailed} /> : null}
            <button type="button" className="btn btn-link plans-card__abandon" onClick={() => onAbandon(enrollment)}>
              Abandonar
            </button>
          </>
        ) : (
          <Button className="btn-brand w-100" onClick={onDetails} aria-label={`Ver detalles de ${plan.title}`}>
            Ver detalles
          </Button>
        )}
      </div>
    </article>
  );
}

/** A paused enrolment is reactivated from here (spec section 4: the dashboard sends the member to this page). */
function ResumeButton({ enrollment, className, onFailed }: { enrollment: Enrollment; className: string; onFailed: (message: string) => void }) {
  const [resume, { isLoading }] = useResumeEnrollmentMutation();
  // What needs the server waits for the connection (the banner says why).
  const online = useOnline();
  const reactivate = async () => {
    try {
      await resume({ id: enrollment._id, 'idempotency-key': newIdempotencyKey() }).unwrap();
    } catch (error) {
      onFailed(serverMessage(error) ?? 'No se pudo reactivar el plan.');
    }
  };
  return (
    <button
      type="button"
      className={className}
      onClick={() => void reactivate()}
      disabled={isLoading || !online}
      aria-label={`Reactivar ${enrollment.planId.title}`}
    >
      <PlayCircle size={18} aria-hidden="true" /> {isLoading ? 'Reactivando...' : 'Reactivar'}
    </button>
  );
}

function PlanDetailModal({ plan, onClose }: { plan: Plan | null; onClose: () => void }) {
  const navigate = useNavigate();
  const [enroll, { isLoading }] = useEnrollInPlanMutation();
  const online = useOnline();
  const [error, setError] = useState<string | null>(null);

  const close = () => {
    setError(null);
    onClose();
  };
  const join = async () => {
    if (!plan) return;
    setError(null);
    try {
      await enroll({ 'idempotency-key': newIdempotencyKey(), createEnrollmentDto: { planId: plan._id } }).unwrap();
      onClose();
      navigate('/training');
    } catch (failure) {
      // The wizard was left unfinished (another tab, an old page): the plans follow it.
      if (isOnboardingIncomplete(failure)) {
        navigate('/onboarding', { replace: true });
        return;
      }
      setError(serverMessage(failure) ?? 'No se pudo completar la inscripción.');
    }
  };

  return (
    <MembersModal
      show={plan !== null}
      onHide={close}
      title={plan?.title}
      titleId="plan-detail-title"
      error={error}
      footer={
        <>
          <Button variant="outline-secondary" onClick={close}>
            Cerrar
          </Button>
          <Button className="btn-brand" onClick={() => void join()} disabled={isLoading || !online}>
            {isLoading ? 'Inscribiendo...' : 'Comenzar este plan'}
          </Button>
        </>
      }
    >
      {plan ? (
        <>
          {plan.description ? <p>{plan.description}</p> : null}
          <ul className="plans-detail__facts">
            <li>
              <Target size={18} aria-hidden="true" />
              <span>
                <strong>{plan.difficulty ? DIFFICULTY_LABELS[plan.difficulty] : 'Todos los niveles'}</strong> Nivel
              </span>
            </li>
            <li>
              <Dumbbell size={18} aria-hidden="true" />
              <span>
                <strong>{plan.totalWorkouts ?? plan.workouts?.length ?? 0}</strong> Entrenamientos
              </span>
            </li>
            <li>
              <Flag size={18} aria-hidden="true" />
              <span>
                <strong>{planLengthLabel(plan.estimatedWeeks)}</strong> {plan.estimatedWeeks ? `${plan.estimatedWeeks} semanas` : 'Duración'}
              </span>
            </li>
          </ul>
          <h3 className="h6 fw-bold mt-4">Primeros entrenamientos</h3>
          {plan.workouts && plan.workouts.length > 0 ? (
            <ol className="plans-detail__workouts">
              {plan.workouts.slice(0, PREVIEW_WORKOUTS).map((workout, index) => (
                <li key={workout._id ?? index}>
                  <span className="plans-detail__number">{index + 1}</span>
                  <div className="plans-detail__workout-body">
                    <p className="plans-detail__workout-title">{workout.title}</p>
                    {workout.goal ? <p className="plans-detail__workout-meta">{workout.goal}</p> : null}
                  </div>
                  {/* Its own column, so "27 min" never breaks in two nor leaves a separator behind. */}
                  {formatWorkoutLength(workout) ? (
                    <span className="plans-detail__duration">
                      <Clock size={14} aria-hidden="true" /> {formatWorkoutLength(workout)}
                    </span>
                  ) : null}
                </li>
              ))}
            </ol>
          ) : (
            <p className="text-secondary">Este plan aún no tiene entrenamientos publicados.</p>
          )}
          <MoreWorkouts count={(plan.totalWorkouts ?? plan.workouts?.length ?? 0) - Math.min(PREVIEW_WORKOUTS, plan.workouts?.length ?? 0)} />
        </>
      ) : null}
    </MembersModal>
  );
}

function MoreWorkouts({ count }: { count: number }) {
  if (count <= 0) return null;
  return <p className="text-secondary small mb-0">y {count === 1 ? '1 entrenamiento más' : `${count} entrenamientos más`}.</p>;
}

function AbandonModal({ enrollment, onClose }: { enrollment: Enrollment | null; onClose: () => void }) {
  const [abandon, { isLoading }] = useAbandonEnrollmentMutation();
  const online = useOnline();
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    setError(null);
    onClose();
  };
  const confirm = async () => {
    if (!enrollment) return;
    setError(null);
    try {
      await abandon({ id: enrollment._id, 'idempotency-key': newIdempotencyKey() }).unwrap();
      onClose();
    } catch (failure) {
      setError(serverMessage(failure) ?? 'No se pudo abandonar el plan.');
    }
  };
  return (
    <MembersModal
      show={enrollment !== null}
      onHide={close}
      confirm
      title={enrollment ? `¿Abandonar ${enrollment.planId.title}?` : null}
      titleId="abandon-title"
      error={error}
      footer={
        <>
          <Button variant="outline-secondary" onClick={close} disabled={isLoading}>
            Cancelar
          </Button>
          <Button variant="danger" onClick={() => void confirm()} disabled={isLoading || !online}>
            {isLoading ? 'Abandonando...' : 'Sí, abandonar'}
          </Button>
        </>
      }
    >
      <p className="mb-0">
        Dejarás de ver este plan en tu dashboard y perderás el avance que llevas en él. Tus entrenamientos completados se quedan en tu historial.
      </p>
    </MembersModal>
  );
}
