import { lazy, Suspense, useMemo, useState, type ReactNode } from 'react';
import { Alert, Col, Row } from 'react-bootstrap';
import { Link } from 'react-router-dom';
import { CalendarDays, ChevronLeft, ChevronRight, Clock, Dumbbell, Flame, LayoutList, Lock, Trophy } from 'lucide-react';
import { PROGRESS_QUERY, useGetHeartRateProfileQuery, useListProgressQuery, useMemberStats } from '../../shared/api/api';
import type { AchievementDto, ProgressRecordDto } from '../../shared/api/generated-api';
import { formatSessionLength, formatTotalTime } from '../../shared/lib/duration-format';
import { formatCount } from '../../shared/lib/number-format';
import { longDate, monthShort, studioDateOf } from '../../shared/lib/studio-calendar';
import { useStudioToday } from '../../shared/hooks/use-studio-today';
import { FitDownloadButton } from '../../shared/ui/fit-download-button';
import { MembersLayout } from '../../shared/ui/members-layout';
import { EmptyState, LoadingRegion, PageHeader, Section, Skeleton, StatCard } from '../../shared/ui/member-ui';
import { activityPage, type ChartMetric, type ChartMode } from './activity-periods';
import { HistoryHeartRate, ZonesPanel } from './heart-rate-progress';
import './progress.css';

const ActivityChart = lazy(() => import('./activity-chart'));

/** Spec section 9: the history shows the 10 latest completions. */
export const HISTORY_SIZE = 10;

/** Spec section 2 "Mi Progreso"; `children` (the route's) follow the achievements. */
export function ProgressPage({ children }: { children?: ReactNode } = {}) {
  const stats = useMemberStats().data?.stats;
  const progress = useListProgressQuery(PROGRESS_QUERY);
  const records = progress.data?.progress;
  // Zones (names and colours) come from the API, and only matter once a session has heart rate.
  const hasHeartRate = Boolean(records?.some((record) => record.heartRate)) || (stats?.heartRate?.sessions ?? 0) > 0;
  const zones = useGetHeartRateProfileQuery(undefined, { skip: !hasHeartRate }).data?.zones;

  return (
    <MembersLayout>
      <PageHeader title="Mi Progreso" subtitle="Cada entrenamiento cuenta. Así vas." />
      <Row className="g-3 mb-4 list-unstyled ps-0" as="ul" aria-label="Estadísticas" role="list">
        {[
          {
            icon: Flame,
            tone: 'fire' as const,
            label: 'Racha actual',
            value: stats ? `${stats.currentStreak} ${stats.currentStreak === 1 ? 'día' : 'días'}` : null,
          },
          { icon: Dumbbell, tone: 'brand' as const, label: 'Entrenamientos totales', value: stats ? String(stats.totalWorkouts) : null },
          { icon: Clock, tone: 'green' as const, label: 'Tiempo total', value: stats ? formatTotalTime(stats.totalDurationSec) : null },
          { icon: LayoutList, tone: 'violet' as const, label: 'Planes activos', value: stats ? String(stats.activePlans) : null },
        ].map((card) => (
          <Col as="li" xs={6} lg={3} key={card.label}>
            <StatCard icon={card.icon} tone={card.tone} label={card.label} value={card.value ?? <Skeleton height={26} width={56} />} />
          </Col>
        ))}
      </Row>

      {progress.isError ? (
        <Alert variant="danger">No pudimos cargar tu historial. Failed to fetch progress</Alert>
      ) : !records ? (
        <LoadingRegion label="Cargando tu progreso...">
          <Skeleton height={340} rounded={16} className="mb-4" />
          <Skeleton height={280} rounded={16} />
        </LoadingRegion>
      ) : records.length === 0 ? (
        <section className="members-card" aria-labelledby="progress-empty">
          <h2 className="visually-hidden" id="progress-empty">
            Historial Reciente
          </h2>
          <EmptyState icon={CalendarDays} title="No hay entrenamientos registrados aún">
            <Link to="/training" className="btn btn-brand">
              Comenzar a Entrenar
            </Link>
          </EmptyState>
        </section>
      ) : (
        <Row className="g-3">
          <Col lg={7}>
            <ActivitySection records={records} withPoints={hasHeartRate} />
            <ZonesPanel records={records} zones={zones} />
          </Col>
          <Col lg={5}>
            <History records={records} />
          </Col>
        </Row>
      )}

      <Achievements achievements={stats?.achievements} />
      {children}
    </MembersLayout>
  );
}

const METRIC_LABELS: Record<ChartMetric, string> = { workouts: 'Entrenamientos', points: 'Puntos Pulso' };

function ActivitySection({ records, withPoints }: { records: ProgressRecordDto[]; withPoints: boolean }) {
  const today = useStudioToday();
  const [mode, setMode] = useState<ChartMode>('weekly');
  const [chosenMetric, setMetric] = useState<ChartMetric>('workouts');
  const [offset, setOffset] = useState(0);
  const page = useMemo(() => activityPage(records, mode, offset, today), [records, mode, offset, today]);
  // Without a single session with heart rate the chart counts workouts, as it always has.
  const metric = withPoints ? chosenMetric : 'workouts';

  const changeMode = (next: ChartMode) => {
    setMode(next);
    setOffset(0);
  };

  return (
    <Section
      title="Actividad"
      headingId="progress-activity"
      action={
        <div className="members-segmented" role="group" aria-label="Agrupar por">
          <button type="button" aria-pressed={mode === 'weekly'} onClick={() => changeMode('weekly')}>
            Semanal
          </button>
          <button type="button" aria-pressed={mode === 'monthly'} onClick={() => changeMode('monthly')}>
            Mensual
          </button>
        </div>
      }
    >
      {withPoints ? (
        <div className="members-segmented progress-metric" role="group" aria-label="Mostrar">
          {(['workouts', 'points'] as const).map((option) => (
            <button key={option} type="button" aria-pressed={metric === option} onClick={() => setMetric(option)}>
              {METRIC_LABELS[option]}
            </button>
          ))}
        </div>
      ) : null}
      <div className="progress-pager">
        <button
          type="button"
          className="progress-pager__button"
          onClick={() => setOffset(offset + 1)}
          disabled={!page.canShowOlder}
          aria-label="Periodo anterior"
        >
          <ChevronLeft size={20} aria-hidden="true" />
        </button>
        <p className="progress-pager__range" aria-live="polite">
          {page.rangeLabel}
        </p>
        <button
          type="button"
          className="progress-pager__button"
          onClick={() => setOffset(offset - 1)}
          disabled={!page.canShowNewer}
          aria-label="Periodo siguiente"
        >
          <ChevronRight size={20} aria-hidden="true" />
        </button>
      </div>
      <div className="progress-chart" aria-hidden="true">
        <Suspense fallback={<Skeleton height="100%" />}>
          <ActivityChart periods={page.periods} metric={metric} />
        </Suspense>
      </div>
      {/* Hidden in a block of its own: a table is as wide as its content, whatever width .visually-hidden gives it. */}
      <div className="visually-hidden">
        <table>
          <caption>
            {METRIC_LABELS[metric]} por {mode === 'weekly' ? 'semana' : 'mes'}
          </caption>
          <thead>
            <tr>
              <th scope="col">{mode === 'weekly' ? 'Semana del' : 'Mes'}</th>
              <th scope="col">{METRIC_LABELS[metric]}</th>
            </tr>
          </thead>
          <tbody>
            {page.periods.map((period) => (
              <tr key={period.start}>
                <th scope="row">{mode === 'weekly' ? longDate(period.start) : `${period.label} ${period.start.slice(0, 4)}`}</th>
                <td>{period[metric]}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Section>
  );
}

function titleOf(record: ProgressRecordDto): string {
  return record.workoutId?.title || 'Entrenamiento';
}

/** The seconds trained, else the workout's estimate. */
function secondsOf(record: ProgressRecordDto): number {
  return record.durationSec || record.workoutId?.estDurationSec || 0;
}

function planOf(record: ProgressRecordDto): string {
  return record.planId?.title || 'Entrenamiento libre';
}

function History({ records }: { records: ProgressRecordDto[] }) {
  const latest = [...records].sort((a, b) => b.completedAt.localeCompare(a.completedAt)).slice(0, HISTORY_SIZE);
  return (
    <Section title="Historial Reciente" headingId="progress-history">
      <ul className="progress-history">
        {latest.map((record, index) => {
          const day = studioDateOf(record.completedAt);
          const seconds = secondsOf(record);
          return (
            <li key={record._id ?? `${record.completedAt}-${index}`}>
              <span className="progress-history__date" aria-label={longDate(day)}>
                <span className="progress-history__day">{Number(day.slice(8, 10))}</span>
                <span className="progress-history__month">{monthShort(day)}</span>
              </span>
              <span className="progress-history__body">
                <span className="progress-history__title">{titleOf(record)}</span>
                <span className="progress-history__meta">
                  {seconds ? <span className="text-nowrap">{formatSessionLength(seconds)} · </span> : null}
                  {planOf(record)}
                </span>
                {record.heartRate ? <HistoryHeartRate summary={record.heartRate} /> : null}
                {record.heartRate && record._id ? (
                  <FitDownloadButton
                    className="progress-history__fit"
                    completionId={record._id}
                    avgBpm={record.heartRate.avgBpm}
                    maxBpm={record.heartRate.maxBpm}
                    kcal={record.heartRate.kcal}
                  />
                ) : null}
              </span>
            </li>
          );
        })}
      </ul>
    </Section>
  );
}

function Achievements({ achievements }: { achievements: AchievementDto[] | undefined }) {
  return (
    <Section title="Logros" headingId="progress-achievements" className="mt-3">
      {!achievements ? (
        <Skeleton height={160} />
      ) : achievements.length === 0 ? (
        <p className="text-secondary mb-0">Completa entrenamientos para desbloquear logros.</p>
      ) : (
        <ul className="progress-achievements">
          {achievements.map((achievement) => (
            <li key={achievement.code} className={achievement.unlocked ? 'is-unlocked' : ''} aria-label={achievement.title}>
              <span className="progress-achievements__icon" aria-hidden="true">
                {achievement.unlocked ? <Trophy size={22} /> : <Lock size={20} />}
              </span>
              <span className="progress-achievements__title">{achievement.title}</span>
              <span className="progress-achievements__description">{achievement.description}</span>
              {achievement.unlocked ? (
                <span className="progress-achievements__date">
                  {achievement.unlockedAt ? `Desbloqueado el ${longDate(studioDateOf(achievement.unlockedAt))}` : 'Desbloqueado'}
                </span>
              ) : (
                <span className="progress-achievements__progress">
                  <span
                    className="members-progress"
                    role="progressbar"
                    aria-label={`Progreso de ${achievement.title}`}
                    aria-valuemin={0}
                    aria-valuemax={achievement.target}
                    aria-valuenow={Math.min(achievement.progress, achievement.target)}
                  >
                    <span
                      className="members-progress__bar d-block"
                      style={{ width: `${achievement.target ? Math.min(100, (achievement.progress / achievement.target) * 100) : 0}%` }}
                    />
                  </span>
                  <span className="progress-achievements__count">
                    {formatCount(Math.min(achievement.progress, achievement.target))} / {formatCount(achievement.target)}
                  </span>
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}
