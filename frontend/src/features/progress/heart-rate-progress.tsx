import { Award, HeartPulse } from 'lucide-react';
import { Link } from 'react-router-dom';
import type { HeartRateSummaryDto, HeartRateZoneDto, ProgressRecordDto } from '../../shared/api/generated-api';
import { formatTotalTime } from '../../shared/lib/duration-format';
import { formatCount } from '../../shared/lib/number-format';
import { longDate, monthShort, studioDateOf } from '../../shared/lib/studio-calendar';
import { EmptyState, Section, Skeleton } from '../../shared/ui/member-ui';

/** How many of the latest sessions with heart rate the zones panel shows. */
export const ZONE_SESSIONS = 5;

const NO_ZONE_COLOR = '#8a94a8';

type SessionWithHeartRate = ProgressRecordDto & { heartRate: HeartRateSummaryDto };

export function sessionsWithHeartRate(records: readonly ProgressRecordDto[]): SessionWithHeartRate[] {
  return records.filter((record): record is SessionWithHeartRate => Boolean(record.heartRate)).sort((a, b) => b.completedAt.localeCompare(a.completedAt));
}

/** The zones as served (names and colours); until they arrive each one reads "Zona N". */
function zoneRows(summary: HeartRateSummaryDto, zones: readonly HeartRateZoneDto[]) {
  return summary.secondsInZone.map((seconds, index) => {
    const zone = zones.find((served) => served.zone === index + 1);
    return { zone: index + 1, seconds, name: zone?.name ?? `Zona ${index + 1}`, color: zone?.color ?? NO_ZONE_COLOR };
  });
}

/**
 * "Tiempo en zonas": a stacked bar per recent session with heart rate, in the colours the API
 * serves, and a list of the minutes per zone in words. Without any session, an invitation to
 * pair a sensor in the player.
 */
export function ZonesPanel({ records, zones }: { records: readonly ProgressRecordDto[]; zones: readonly HeartRateZoneDto[] | undefined }) {
  const sessions = sessionsWithHeartRate(records).slice(0, ZONE_SESSIONS);
  return (
    <Section title="Tiempo en zonas" headingId="progress-zones" className="mt-3">
      {sessions.length === 0 ? (
        <EmptyState icon={HeartPulse} title="Aún no tienes sesiones con sensor">
          <p className="progress-zones__invite">
            Al empezar un entrenamiento, toca <strong>Conectar sensor</strong> en el reproductor para ver aquí tu tiempo en cada zona y sumar Puntos Pulso.
          </p>
          <Link to="/training" className="btn btn-brand">
            Ir a entrenar
          </Link>
        </EmptyState>
      ) : !zones ? (
        <Skeleton height={60 * sessions.length} />
      ) : (
        <>
          <ul className="progress-zones__legend" aria-label="Zonas">
            {zones.map((zone) => (
              <li key={zone.zone}>
                <span className="progress-zones__swatch" style={{ background: zone.color }} aria-hidden="true" />
                {zone.name}
              </li>
            ))}
          </ul>
          <ul className="progress-zones">
            {sessions.map((session) => {
              const rows = zoneRows(session.heartRate, zones);
              const total = rows.reduce((sum, row) => sum + row.seconds, 0);
              const day = studioDateOf(session.completedAt);
              return (
                <li key={session._id} className="progress-zones__session">
                  <div className="progress-zones__head">
                    <span className="progress-zones__title">
                      <span className="progress-zones__date">
                        {Number(day.slice(8, 10))} {monthShort(day)}
                      </span>{' '}
                      {session.workoutId?.title || 'Entrenamiento'}
                    </span>
                    <span className="progress-zones__points">{formatCount(session.heartRate.points)} pts</span>
                  </div>
                  <div className="progress-zones__bar" aria-hidden="true" data-testid="zones-bar">
                    {total > 0
                      ? rows
                          .filter((row) => row.seconds > 0)
                          .map((row) => (
                            <span key={row.zone} data-zone={row.zone} style={{ width: `${(row.seconds / total) * 100}%`, background: row.color }} />
                          ))
                      : null}
                  </div>
                  <p className="visually-hidden">
                    {`${longDate(day)}: `}
                    {rows.map((row) => `${row.name} ${formatTotalTime(row.seconds)}`).join(', ')}
                  </p>
                </li>
              );
            })}
          </ul>
        </>
      )}
    </Section>
  );
}

/** A history entry's heart-rate figures: average BPM, Puntos Pulso and the session badge. */
export function HistoryHeartRate({ summary }: { summary: HeartRateSummaryDto }) {
  return (
    <span className="progress-history__heart" data-testid="history-heart-rate">
      <HeartPulse size={14} aria-hidden="true" />
      {summary.avgBpm !== null ? <span className="text-nowrap">{summary.avgBpm} lpm media</span> : null}
      <span className="text-nowrap">{formatCount(summary.points)} Puntos Pulso</span>
      {summary.badge ? (
        <span className="progress-history__badge text-nowrap">
          <Award size={14} aria-hidden="true" /> Insignia de esfuerzo
        </span>
      ) : null}
    </span>
  );
}
