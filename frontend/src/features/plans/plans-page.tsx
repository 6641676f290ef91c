import { useState } from 'react';
import { Button, Modal } from 'react-bootstrap';
import { Link, useNavigate } from 'react-router-dom';
import { CalendarRange, CheckCircle2, Clock, Dumbbell, Flag, LayoutList, PlayCircle, Target } from 'lucide-react';
import { serverMessage, useAbandonEnrollmentMutation, useEnrollInPlanMutation, useListMemberEnrollmentsQuery, useListPlansQuery, useResumeEnrollmentMutation } from '../../shared/api/api';
import type { EnrollmentDto as Enrollment, PlanDto as Plan } from '../../shared/api/generated-api';
import { newIdempotencyKey } from '../../shared/api/idempotency-key';
import { DIFFICULTY_LABELS, ENROLLMENT_STATUS_LABELS } from '../../shared/lib/labels';
import { formatMinutes } from '../../shared/lib/duration-format';
import { defaultEnrollmentId } from '../../shared/lib/enrollments';
import { MembersLayout } from '../../shared/ui/members-layout';
import { EmptyState, LoadingRegion, PageHeader, Skeleton } from '../../shared/ui/member-ui';
import { planLengthLabel } from './plan-length';
import './plans.css';

export const PREVIEW_WORKOUTS = 3;

/** Enrolments that still hold the plan (a completed one lets the member start it again). */
function enrollmentFor(plan: Plan, enrollments: readonly Enrollment[]): Enrollment | undefined {
  return enrollments.find((enrollment) => enrollment.planId._id === plan._id && enrollment.status !== 'completed');
}

/** Spec section 2 "/training/plans". */
export function PlansPage() {
  const plans = useListPlansQuery();
  const enrollments = useListMemberEnrollmentsQuery();
  const [detail, setDetail] = useState<Plan | null>(null);
  const [abandoning, setAbandoning] = useState<Enrollment | null>(null);

  const enrolled = enrollments.data?.enrollments ?? [];
  const currentId = defaultEnrollmentId(enrolled.filter((enrollment) => enrollment.status !== 'completed'));
  const current = enrolled.find((enrollment) => enrollment._id === currentId) ?? null;

  return (
    <MembersLayout>
      <PageHeader title="Planes de Entrenamiento" subtitle="Programas guiados para avanzar semana a semana." />
      {current ? <CurrentPlanBanner enrollment={current} onAbandon={() => setAbandoning(current)} /> : null}

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
            <PlanCard key={plan._id} plan={plan} enrollment={enrollmentFor(plan, enrolled)} onDetails={() => setDetail(plan)} onAbandon={setAbandoning} />
          ))}
        </div>
      )}

      <PlanDetailModal plan={detail} onClose={() => setDetail(null)} />
      <AbandonModal enrollment={abandoning} onClose={() => setAbandoning(null)} />
    </MembersLayout>
  );
}

function CurrentPlanBanner({ enrollment, onAbandon }: { enrollment: Enrollment; onAbandon: () => void }) {
  const plan = typeof enrollment.planId === 'string' ? null : enrollment.planId;
  const total = plan?.totalWorkouts ?? 0;
  const done = Math.min(total, enrollment.currentIndex);
  return (
    <section className="plans-banner" aria-labelledby="plans-banner-title">
      <div className="plans-banner__body">
        <p className="plans-banner__kicker">Tu plan actual</p>
        <h2 className="plans-banner__title" id="plans-banner-title">
          {enrollment.planId.title}
          {enrollment.status !== 'active' ? <span className={`members-badge members-badge--${enrollment.status} ms-2`}>{ENROLLMENT_STATUS_LABELS[enrollment.status]}</span> : null}
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
          <ResumeButton enrollment={enrollment} className="btn btn-light" />
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

function PlanCard({ plan, enrollment, onDetails, onAbandon }: { plan: Plan; enrollment: Enrollment | undefined; onDetails: () => void; onAbandon: (enrollment: Enrollment) => void }) {
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
            {enrollment.status === 'paused' ? <ResumeButton enrollment={enrollment} className="btn btn-sm btn-brand" /> : null}
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
function ResumeButton({ enrollment, className }: { enrollment: Enrollment; className: string }) {
  const [resume, { isLoading }] = useResumeEnrollmentMutation();
  const reactivate = async () => {
    try {
      await resume({ id: enrollment._id, 'idempotency-key': newIdempotencyKey() }).unwrap();
    } catch (error) {
      window.alert(serverMessage(error) ?? 'No se pudo reactivar el plan.');
    }
  };
  return (
    <button type="button" className={className} onClick={() => void reactivate()} disabled={isLoading} aria-label={`Reactivar ${enrollment.planId.title}`}>
      <PlayCircle size={18} aria-hidden="true" /> {isLoading ? 'Reactivando...' : 'Reactivar'}
    </button>
  );
}

function PlanDetailModal({ plan, onClose }: { plan: Plan | null; onClose: () => void }) {
  const navigate = useNavigate();
  const [enroll, { isLoading }] = useEnrollInPlanMutation();

  const join = async () => {
    if (!plan) return;
    try {
      await enroll({ 'idempotency-key': newIdempotencyKey(), createEnrollmentDto: { planId: plan._id } }).unwrap();
      onClose();
      navigate('/training');
    } catch (error) {
      window.alert(serverMessage(error) ?? 'No se pudo completar la inscripción.');
    }
  };

  return (
    <Modal show={plan !== null} onHide={onClose} centered scrollable fullscreen="sm-down" aria-labelledby="plan-detail-title">
      {plan ? (
        <>
          <Modal.Header closeButton closeLabel="Cerrar">
            <Modal.Title id="plan-detail-title">{plan.title}</Modal.Title>
          </Modal.Header>
          <Modal.Body>
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
                    <div>
                      <p className="plans-detail__workout-title">{workout.title}</p>
                      <p className="plans-detail__workout-meta">
                        {workout.goal}
                        {workout.goal && workout.estDurationSec ? ' · ' : ''}
                        {workout.estDurationSec ? (
                          <>
                            <Clock size={14} aria-hidden="true" /> {formatMinutes(workout.estDurationSec)}
                          </>
                        ) : null}
                      </p>
                    </div>
                  </li>
                ))}
              </ol>
            ) : (
              <p className="text-secondary">Este plan aún no tiene entrenamientos publicados.</p>
            )}
            <MoreWorkouts count={(plan.totalWorkouts ?? plan.workouts?.length ?? 0) - Math.min(PREVIEW_WORKOUTS, plan.workouts?.length ?? 0)} />
          </Modal.Body>
          <Modal.Footer>
            <Button variant="outline-secondary" onClick={onClose}>
              Cerrar
            </Button>
            <Button className="btn-brand" onClick={() => void join()} disabled={isLoading}>
              {isLoading ? 'Inscribiendo...' : 'Comenzar este plan'}
            </Button>
          </Modal.Footer>
        </>
      ) : null}
    </Modal>
  );
}

function MoreWorkouts({ count }: { count: number }) {
  if (count <= 0) return null;
  return <p className="text-secondary small mb-0">y {count === 1 ? '1 entrenamiento más' : `${count} entrenamientos más`}.</p>;
}

function AbandonModal({ enrollment, onClose }: { enrollment: Enrollment | null; onClose: () => void }) {
  const [abandon, { isLoading }] = useAbandonEnrollmentMutation();
  const confirm = async () => {
    if (!enrollment) return;
    try {
      await abandon({ id: enrollment._id, 'idempotency-key': newIdempotencyKey() }).unwrap();
      onClose();
    } catch (error) {
      window.alert(serverMessage(error) ?? 'No se pudo abandonar el plan.');
    }
  };
  return (
    <Modal show={enrollment !== null} onHide={onClose} centered aria-labelledby="abandon-title">
      {enrollment ? (
        <>
          <Modal.Header closeButton closeLabel="Cerrar">
            <Modal.Title id="abandon-title">¿Abandonar {enrollment.planId.title}?</Modal.Title>
          </Modal.Header>
          <Modal.Body>
            <p className="mb-0">Dejarás de ver este plan en tu dashboard y perderás el avance que llevas en él. Tus entrenamientos completados se quedan en tu historial.</p>
          </Modal.Body>
          <Modal.Footer>
            <Button variant="outline-secondary" onClick={onClose} disabled={isLoading}>
              Cancelar
            </Button>
            <Button variant="danger" onClick={() => void confirm()} disabled={isLoading}>
              {isLoading ? 'Abandonando...' : 'Sí, abandonar'}
            </Button>
          </Modal.Footer>
        </>
      ) : null}
    </Modal>
  );
}
