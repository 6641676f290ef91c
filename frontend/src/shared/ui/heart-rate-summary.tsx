import { Award } from 'lucide-react';
import type { HeartRateSummaryDto, HeartRateZoneDto } from '../api/generated-api';
import { formatTotalTime } from '../lib/duration-format';
import { FitDownloadButton } from './fit-download-button';
import './heart-rate-summary.css';

export interface HeartRateSummaryProps {
  summary: HeartRateSummaryDto;
  /** The zones the API serves (names and colours); until they arrive each zone reads "Zona N". */
  zones: readonly HeartRateZoneDto[];
  /** The saved completion: its readings can then be downloaded as a `.fit` file. */
  completionId?: string;
}

const NO_ZONE_COLOR = '#3a4660';

/** A session's heart-rate summary (docs/heart-rate.md): zones bar, Puntos Pulso, kcal, average and maximum, recovery. */
export function HeartRateSummary({ summary, zones, completionId }: HeartRateSummaryProps) {
  const rows = summary.secondsInZone.map((seconds, index) => {
    const zone = zones.find((served) => served.zone === index + 1);
    return { zone: index + 1, seconds, name: zone?.name ?? `Zona ${index + 1}`, color: zone?.color ?? NO_ZONE_COLOR };
  });
  const totalSec = rows.reduce((sum, row) => sum + row.seconds, 0);

  return (
    <section className="hr-summary" aria-labelledby="hr-summary-title">
      <h3 id="hr-summary-title" className="hr-summary__title">
        Frecuencia cardiaca
      </h3>
      <div className="hr-summary__points">
        <span className="hr-summary__points-value" data-testid="hr-summary-points">
          {summary.points}
        </span>
        <span className="hr-summary__points-label">Puntos Pulso</span>
        {summary.badge && (
          <span className="hr-summary__badge">
            <Award size={18} aria-hidden="true" /> Insignia de la sesión
          </span>
        )}
      </div>

      {/* The bar is the picture; the list below says the same in words for screen readers. */}
      <div className="hr-summary__bar" aria-hidden="true" data-testid="hr-summary-bar">
        {totalSec > 0 &&
          rows
            .filter((row) => row.seconds > 0)
            .map((row) => (
              <span
                key={row.zone}
                className="hr-summary__segment"
                data-zone={row.zone}
                style={{ width: `${(row.seconds / totalSec) * 100}%`, background: row.color }}
              />
            ))}
      </div>
      <ul className="hr-summary__zones" aria-label="Tiempo en cada zona">
        {rows.map((row) => (
          <li key={row.zone}>
            <span className="hr-summary__swatch" style={{ background: row.color }} aria-hidden="true" />
            <span className="hr-summary__zone-name">{row.name}</span>
            <span className="hr-summary__zone-time">{formatTotalTime(row.seconds)}</span>
          </li>
        ))}
      </ul>

      <dl className="hr-summary__figures">
        {summary.kcal !== null && (
          <div>
            <dt>Calorías</dt>
            <dd>{Math.round(summary.kcal)} kcal</dd>
          </div>
        )}
        <div>
          <dt>FC media</dt>
          <dd>{summary.avgBpm ?? '--'} lpm</dd>
        </div>
        <div>
          <dt>FC máxima</dt>
          <dd>{summary.maxBpm ?? '--'} lpm</dd>
        </div>
        {summary.recovery1MinBpm !== null && (
          <div>
            <dt>Recuperación (1 min)</dt>
            <dd>{summary.recovery1MinBpm} lpm</dd>
          </div>
        )}
      </dl>
      {completionId && (
        <FitDownloadButton className="hr-summary__download" completionId={completionId} avgBpm={summary.avgBpm} maxBpm={summary.maxBpm} kcal={summary.kcal} />
      )}
    </section>
  );
}
