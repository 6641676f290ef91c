import type { ReactNode } from 'react';
import { Button, Form, ProgressBar } from 'react-bootstrap';
import { Download, TriangleAlert } from 'lucide-react';
import type { PreloadState } from './video-preload';
import { QUALITY_ORDER, VIDEO_QUALITIES, isVideoQuality, type VideoQuality } from './video-quality';

export interface VideoPreloadScreenProps {
  workoutTitle: string;
  state: PreloadState;
  onStart: () => void;
  onCancel: () => void;
  onQualityChange: (quality: VideoQuality) => void;
  onProceed: () => void;
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
export function VideoPreloadScreen({ workoutTitle, state, onStart, onCancel, onQualityChange, onProceed, heartRate }: VideoPreloadScreenProps) {
  const settled = Object.keys(state.loaded).length + state.failed.length;
  const percent = state.total === 0 ? (state.status === 'ready' ? 100 : 0) : Math.round((settled / state.total) * 100);
  const allLoaded = state.status === 'ready' && state.failed.length === 0;

  return (
    <main className="session-preload">
      <div className="session-preload__card">
        <p className="session-preload__eyebrow">Preparando tu entrenamiento</p>
        <h1 className="session-preload__title">{workoutTitle}</h1>

        <div className="session-preload__status" role="status" aria-live="polite">
          <span>{STATUS_TEXT[state.status]}</span>
          {state.message && <strong className="d-block mt-1">{state.message}</strong>}
        </div>
        <ProgressBar
          now={percent}
          label={`${percent}%`}
          visuallyHidden
          className="session-preload__progress"
          variant={state.status === 'error' ? 'danger' : 'info'}
          aria-label="Progreso de la precarga"
        />
        {state.total > 0 && (
          <p className="session-preload__count">
            {Object.keys(state.loaded).length} / {state.total} videos
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
