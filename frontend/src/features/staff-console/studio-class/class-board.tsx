import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { Maximize, UserPlus } from 'lucide-react';
import { useGetStudioClassQuery } from '../../../shared/api/api';
import type { BoardZoneDto, UnassignedSensorDto } from '../../../shared/api/generated-api';
import { PageMeta } from '../../../shared/ui/page-meta';
import { AssignDialog } from './assign-dialog';
import { boardColumns, tileView, unassignedNotices, type TileView } from './board-tiles';
import './class-board.css';

const clock = new Intl.DateTimeFormat('es-SV', { timeZone: 'America/El_Salvador', hour: 'numeric', minute: '2-digit' });

function elapsed(since: string, now: number): string {
  const seconds = Math.max(0, Math.floor((now - Date.parse(since)) / 1000));
  const minutes = Math.floor(seconds / 60);
  return `${minutes}:${String(seconds % 60).padStart(2, '0')}`;
}

/**
 * /staff/clase/pantalla: the board on the studio's TV (1920×1080, read from 5 m). One tile per
 * participant in the order they got their sensor; a tile without a reading for 5 s greys out.
 * Readings from a strap nobody wears raise a notice with "Asignar", answered right here.
 * Everything comes from the server once a second, so a reload keeps the class (ADR 0182).
 */
export function ClassBoard() {
  const state = useGetStudioClassQuery(undefined, { pollingInterval: 1_000, skipPollingIfUnfocused: false });
  const [now, setNow] = useState(() => Date.now());
  const [assigning, setAssigning] = useState<string | null>(null);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 500);
    return () => clearInterval(timer);
  }, []);

  const data = state.data;
  const session = data?.session && !data.session.endedAt ? data.session : null;
  const tiles = session && data ? data.participants.map((participant) => tileView(participant, data.zones, now)) : [];
  const unassigned = session && data ? unassignedNotices(data.unassignedSensors, now) : [];

  return (
    <main className="class-board" aria-label="Pantalla de la clase">
      <PageMeta title="Pantalla de la clase" description="Frecuencia cardiaca en tiempo real de la clase del estudio." />
      <header className="class-board__header">
        <div className="class-board__brand">
          <span className="class-board__dot" aria-hidden="true" /> PULSO
        </div>
        <h1 className="class-board__title">{session ? session.className : 'Pantalla del estudio'}</h1>
        <div className="class-board__time">
          {session ? (
            <span className="class-board__elapsed" aria-label="Tiempo de clase">
              {elapsed(session.startedAt, now)}
            </span>
          ) : null}
          <span>{clock.format(new Date(now))}</span>
          <button
            type="button"
            className="class-board__fullscreen"
            onClick={() => void document.documentElement.requestFullscreen?.().catch(() => undefined)}
            aria-label="Pantalla completa"
          >
            <Maximize size={22} aria-hidden="true" />
          </button>
        </div>
      </header>
      {state.isError && !data ? <p className="class-board__empty">No hay conexión con el servidor. Reintentando…</p> : null}
      {unassigned.length > 0 ? <UnassignedNotice sensors={unassigned} onAssign={setAssigning} /> : null}
      {data && !session ? (
        <div className="class-board__empty">
          <p>No hay una clase en curso.</p>
          <p className="class-board__hint">
            Iníciala desde la consola: <Link to="/staff/clase">Consola → Clase</Link>
          </p>
        </div>
      ) : null}
      {session && tiles.length === 0 ? (
        <div className="class-board__empty">
          <p>{session.slot}</p>
          <p className="class-board__hint">Empareja y asigna los sensores desde la consola para ver a cada participante aquí.</p>
        </div>
      ) : null}
      {tiles.length > 0 ? (
        <ol className="class-board__grid" style={{ ['--board-columns' as string]: String(boardColumns(tiles.length)) }} data-count={tiles.length}>
          {tiles.map((tile) => (
            <Tile key={tile.sensorId} tile={tile} />
          ))}
        </ol>
      ) : null}
      {data ? <ZoneLegend zones={data.zones} /> : null}
      {session && data ? (
        <AssignDialog sessionId={session.id} sensorId={assigning} guestNoticeVersion={data.guestNoticeVersion} onClose={() => setAssigning(null)} />
      ) : null}
    </main>
  );
}

function Tile({ tile }: { tile: TileView }) {
  const background = tile.zone ? tile.zone.color : undefined;
  return (
    <li
      className={`class-tile${tile.stale ? ' is-stale' : ''}${background ? ' has-zone' : ''}`}
      style={background ? { ['--zone-color' as string]: background } : undefined}
      aria-label={`${tile.label}: ${tile.stale ? 'sin señal' : `${tile.bpm} latidos por minuto, ${tile.pctMax} % de su máxima, zona ${tile.zone?.name ?? 'por debajo de la 1'}`}, ${tile.points} Puntos Pulso`}
      data-testid="board-tile"
    >
      <div className="class-tile__top">
        <span className="class-tile__name">{tile.label}</span>
        <span className="class-tile__points">
          <strong>{tile.points}</strong> {tile.points === 1 ? 'pt' : 'pts'}
        </span>
      </div>
      <div className="class-tile__bpm">
        <span data-testid="tile-bpm" className={tile.bpm === null ? 'is-none' : undefined}>
          {tile.bpm ?? '—'}
        </span>
        <small>lpm</small>
      </div>
      <div className="class-tile__bottom">
        <span className="class-tile__pct">
          {tile.pctMax === null ? (
            'Sin señal'
          ) : (
            <>
              {tile.pctMax} %<small>FC máx.</small>
            </>
          )}
        </span>
        <span className="class-tile__zone">{tile.stale ? '' : (tile.zone?.name ?? 'Calentando')}</span>
      </div>
      <div className="class-tile__bar" aria-hidden="true">
        {tile.zoneShares
          .filter((part) => part.share > 0)
          .map((part) => (
            <span key={part.zone.zone} style={{ width: `${(part.share * 100).toFixed(1)}%`, background: part.zone.color }} />
          ))}
      </div>
    </li>
  );
}

function UnassignedNotice({ sensors, onAssign }: { sensors: readonly UnassignedSensorDto[]; onAssign: (sensorId: string) => void }) {
  return (
    <section className="class-board__notice" role="status" aria-labelledby="board-unassigned-title">
      <div className="class-board__notice-text">
        <h2 id="board-unassigned-title" className="class-board__notice-title">
          {sensors.length === 1 ? 'Llegan lecturas de una banda sin asignar' : `Llegan lecturas de ${sensors.length} bandas sin asignar`}
        </h2>
        <p className="class-board__notice-hint">Sus lecturas no salen en la pantalla hasta que asignes la banda a alguien.</p>
      </div>
      <ul className="class-board__notice-list" aria-label="Bandas sin asignar">
        {sensors.map((sensor) => (
          <li key={sensor.sensorId}>
            <span className="class-board__notice-sensor">
              <strong>{sensor.sensorId}</strong>
              {sensor.bpm !== null ? <span> · {sensor.bpm} lpm</span> : null}
            </span>
            <button type="button" className="class-board__notice-assign" onClick={() => onAssign(sensor.sensorId)} aria-label={`Asignar ${sensor.sensorId}`}>
              <UserPlus size={22} aria-hidden="true" /> Asignar
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

function ZoneLegend({ zones }: { zones: readonly BoardZoneDto[] }) {
  return (
    <footer className="class-board__legend" aria-label="Zonas">
      {zones.map((zone) => (
        <span key={zone.zone}>
          <i style={{ background: zone.color }} aria-hidden="true" /> {zone.name}
        </span>
      ))}
    </footer>
  );
}
