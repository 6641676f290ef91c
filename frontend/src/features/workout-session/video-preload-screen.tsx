import type { ReactNode } from 'react';
import { Button, Form, ProgressBar } from 'react-bootstrap';
import { ArrowLeft, Clock, Download, History, TriangleAlert } from 'lucide-react';
import type { PreloadState } from './video-preload';
import { QUALITY_ORDER, VIDEO_QUALITIES, isVideoQuality, type VideoQuality } from './video-quality';

export interface VideoPreloadScreenProps {
  workoutTitle: string;
  /** A session under way on this page before a reload or a trip back: where it picks up. */
  resumePoint?: string | null;
  /** The workout's length as the API serves it ("49 min"), the number its library card shows. */
  workoutLength?: string | null;
  state: PreloadState;
  onStart: () => void;
  onCancel: () => void;
  onQualityChange: (quality: VideoQuality) => void;
  onProceed: () => void;
  /** Leaves the workout before it starts (back to /training), whatever the preload is doing. */
  onBack: () => void;
  /** The heart-rate sensor's button or live panel, paired before the workout starts. */
  heartRate?: ReactNode;
}

const STATUS_TEXT: Record<PreloadState['status'], string> = {
  idle: 'Los videos no se están precargando.',
  loading: 'Precargando videos...',
  ready: 'Videos listos.',
  error: 'No se pudieron precargar los videos.',
};

/**
 * Spec section 2: the preload screen before the player, with cancel, quality and a
 * way on that never waits for the videos.
 */
export function VideoPreloadScreen({
  workoutTitle,
  workoutLength,
  resumePoint,
  state,
  onStart,
  onCancel,
  onQualityChange,
  onProceed,
  onBack,
  heartRate,
}: VideoPreloadScreenProps) {
  const loadedCount = Object.keys(state.loaded).length;
  const settled = loadedCount + state.failed.length;
  const allLoaded = state.status === 'ready' && state.failed.length === 0;
  // The bar measures clips in hand: while loading, how many have settled; once settled, how many
  // landed. With none of them (error) there is no bar at all, only what failed and the way on.
  const percent =
    state.total === 0 ? (state.status === 'ready' ? 100 : 0) : Math.round(((state.status === 'loading' ? settled : loadedCount) / state.total) * 100);
  const failed = state.status === 'error';
  const partial = state.status === 'ready' && state.failed.length > 0;

  return (
    <main className="session-preload">
      <div className="session-preload__card">
        <button type="button" className="session-preload__back" onClick={onBack}>
          <ArrowLeft size={22} aria-hidden="true" /> Volver a entrenamientos
        </button>
        <p className="session-preload__eyebrow">Preparando tu entrenamiento</p>
        <h1 className="session-preload__title">{workoutTitle}</h1>
        {workoutLength ? (
          <p className="session-preload__length">
            <Clock size={16} aria-hidden="true" /> {workoutLength}
          </p>
        ) : null}
        {resumePoint && (
          <p className="session-preload__resume">
            <History size={22} aria-hidden="true" className="session-preload__resume-icon" />
            <span>Continúa donde lo dejaste: {resumePoint}</span>
          </p>
        )}

        <div className={`session-preload__status${failed ? ' session-preload__status--failed' : ''}`} role="status" aria-live="polite">
          {failed && <TriangleAlert size={22} aria-hidden="true" className="session-preload__status-icon" />}
          <div>
            <span>{STATUS_TEXT[state.status]}</span>
            {state.message && <strong className="d-block mt-1">{state.message}</strong>}
            {failed && <span className="d-block mt-1 session-preload__hint">Puedes entrenar igual: el temporizador no depende de los videos.</span>}
          </div>
        </div>
        {!failed && (
          <ProgressBar
            now={percent}
            label={`${percent}%`}
            visuallyHidden
            className="session-preload__progress"
            variant={partial ? 'warning' : allLoaded ? 'success' : 'info'}
            aria-label="Progreso de la precarga"
          />
        )}
        {state.total > 0 && !failed && (
          <p className="session-preload__count">
            {loadedCount} / {state.total} videos
          </p>
        )}

        {state.failed.length > 0 && (
          <ul className="session-preload__failures" aria-label="Videos con error">
            {state.failed.map((failure) => (
              <li key={failure.url}>
                <TriangleAlert size={16} aria-hidden="true" /> {failure.message}
              </li>
            ))}
          </ul>
        )}

        <Form.Group controlId="session-video-quality" className="session-preload__quality">
          <Form.Label>Calidad de video</Form.Label>
          <Form.Select
            value={state.quality}
            onChange={(event) => {
              if (isVideoQuality(event.target.value)) onQualityChange(event.target.value);
            }}
          >
            {QUALITY_ORDER.map((quality) => (
              <option key={quality} value={quality}>
                {VIDEO_QUALITIES[quality].label}
                {quality === 'high' ? ' (recomendada)' : ''}
              </option>
            ))}
          </Form.Select>
        </Form.Group>

        {heartRate}

        <div className="session-preload__actions">
          {state.status === 'loading' ? (
            <Button variant="outline-light" size="lg" onClick={onCancel}>
              Cancelar
            </Button>
          ) : (
            !allLoaded && (
              <Button variant="outline-light" size="lg" onClick={onStart}>
                <Download size={20} aria-hidden="true" /> {state.status === 'idle' ? 'Precargar videos' : 'Reintentar'}
              </Button>
            )
          )}
          <Button className="btn-brand" size="lg" onClick={onProceed}>
            {state.status === 'ready' ? 'Comenzar entrenamiento' : 'Continuar sin precargar'}
          </Button>
        </div>
      </div>
    </main>
  );
}
