import { useMemo } from 'react';
import { Button, Container } from 'react-bootstrap';
import { useNavigate, useParams } from 'react-router-dom';
import { useGetTrainingWorkoutQuery } from '../../shared/api/api';
import { useRuntimeConfig } from '../../shared/config/runtime-config';
import type { SessionRoute } from './session-persistence';
import { isPlayable, planSession } from './session-plan';
import { WorkoutSession, type SessionEnvironment } from './workout-session';

function SessionMessage({ title, detail }: { title: string; detail?: string }) {
  const navigate = useNavigate();
  return (
    <Container as="main" className="py-5 text-center">
      <h1 className="h2 mb-3">{title}</h1>
      {detail && <p className="text-secondary">{detail}</p>}
      <Button className="btn-brand" size="lg" onClick={() => navigate('/training')}>
        Volver al Dashboard
      </Button>
    </Container>
  );
}

/**
 * Every /workout/{workoutId}[/plan/{planId}][/enrollment/{enrollmentId}] URL
 * (spec section 2): loads the workout, then hands it to the session.
 */
export function WorkoutSessionPage({ environment }: { environment?: Partial<SessionEnvironment> }) {
  const { workoutId = '', planId, enrollmentId } = useParams();
  const route = useMemo<SessionRoute>(() => ({ workoutId, planId: planId ?? null, enrollmentId: enrollmentId ?? null }), [workoutId, planId, enrollmentId]);
  const { data, error, isLoading } = useGetTrainingWorkoutQuery({ id: workoutId }, { skip: !workoutId });
  const { config } = useRuntimeConfig();

  if (isLoading) {
    return (
      <Container as="main" className="py-5 text-center" role="status">
        <h1 className="h2">Cargando entrenamiento...</h1>
      </Container>
    );
  }
  const notFound = (error && 'status' in error && error.status === 404) || (!error && (!data?.workout || !isPlayable(planSession(data.workout))));
  if (notFound || !workoutId) return <SessionMessage title="Entrenamiento no encontrado" />;
  if (error || !data) return <SessionMessage title="Error al cargar el entrenamiento" />;

  return (
    <WorkoutSession
      key={`${route.workoutId}/${route.planId}/${route.enrollmentId}`}
      workout={data.workout}
      route={route}
      cdnBase={config?.mediaCdnBase}
      environment={environment}
    />
  );
}
