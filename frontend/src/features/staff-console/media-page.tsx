import { useId, useMemo, useState } from 'react';
import { Alert, Badge, Form, Spinner } from 'react-bootstrap';
import { RotateCcw } from 'lucide-react';
import { serverMessage, useListStaffMediaQuery, useRevertExerciseMediaMutation, useUploadExerciseMediaMutation } from '../../shared/api/api';
import type { MediaLimitsDto, MediaUploadDto, StaffExerciseMediaDto } from '../../shared/api/generated-api';
import { FAMILY_LABELS } from '../../shared/ui/demo/demo-poses';
import { ExerciseThumb } from '../../shared/ui/demo/exercise-demo';
import { errorText, formatDateTime } from './format';
import { LandingPhotoCard } from './landing-photo-card';
import { EXERCISE_ACCEPT, FileButton, megabytes, type Notice, precheck } from './media-upload-controls';
import { PageHeader } from './staff-layout';

function UploadedFacts({ upload, label }: { upload: MediaUploadDto; label: string }) {
  return (
    <p className="staff-media__facts">
      {label}: <span className="staff-media__file">{upload.originalName}</span> · subido por {upload.uploadedByName} el {formatDateTime(upload.uploadedAt)}
    </p>
  );
}

function ExerciseRow({ exercise, limits }: { exercise: StaffExerciseMediaDto; limits: MediaLimitsDto }) {
  const [upload, uploading] = useUploadExerciseMediaMutation();
  const [revert, reverting] = useRevertExerciseMediaMutation();
  const [notice, setNotice] = useState<Notice>(null);
  const noticeId = useId();
  const busy = uploading.isLoading || reverting.isLoading;

  const send = async (file: File) => {
    const refused = precheck(file, limits, false);
    if (refused) return setNotice({ kind: 'danger', text: refused });
    setNotice(null);
    try {
      const result = await upload({ exerciseId: exercise.exerciseId, mediaUploadFormDto: { archivo: file } }).unwrap();
      setNotice({
        kind: 'success',
        text: result.mediaKind === 'video' ? 'Video guardado: ya se ve en el reproductor.' : 'Foto guardada: ya se ve en la biblioteca y en el panel.',
      });
    } catch (error) {
      setNotice({ kind: 'danger', text: serverMessage(error) ?? 'No se pudo subir el archivo. Inténtalo de nuevo.' });
    }
  };
  const back = async (mediaKind: 'photo' | 'video') => {
    setNotice(null);
    try {
      await revert({ exerciseId: exercise.exerciseId, mediaKind }).unwrap();
      setNotice({
        kind: 'success',
        text: mediaKind === 'video' ? 'Se quitó el video: vuelve la demostración animada.' : 'Se quitó la foto: vuelve la ilustración.',
      });
    } catch (error) {
      setNotice({ kind: 'danger', text: serverMessage(error) ?? 'No se pudo quitar. Inténtalo de nuevo.' });
    }
  };

  return (
    <li className="staff-media__item" aria-label={exercise.name}>
      <div className="staff-media__thumb">
        <ExerciseThumb media={{ family: exercise.family, photoUrl: exercise.photo?.url }} />
      </div>
      <div className="staff-media__body">
        <h4 className="staff-media__name">{exercise.name}</h4>
        <p className="staff-muted mb-1">
          En {exercise.workouts} {exercise.workouts === 1 ? 'entrenamiento' : 'entrenamientos'}{' '}
          {exercise.photo ? <Badge bg="success">Foto del estudio</Badge> : null} {exercise.video ? <Badge bg="success">Video del estudio</Badge> : null}
          {!exercise.photo && !exercise.video ? (
            <Badge bg="light" text="dark">
              Ilustración de Pulso
            </Badge>
          ) : null}
        </p>
        {exercise.photo ? <UploadedFacts upload={exercise.photo} label="Foto" /> : null}
        {exercise.video ? <UploadedFacts upload={exercise.video} label="Video" /> : null}
        <div className="staff-media__actions">
          <FileButton
            label="Subir foto o video"
            accept={EXERCISE_ACCEPT}
            disabled={busy}
            onFile={(file) => void send(file)}
            describedBy={notice ? noticeId : undefined}
          />
          {exercise.photo ? (
            <button type="button" className="btn btn-sm btn-outline-secondary" disabled={busy} onClick={() => void back('photo')}>
              <RotateCcw size={15} aria-hidden="true" /> Quitar foto
            </button>
          ) : null}
          {exercise.video ? (
            <button type="button" className="btn btn-sm btn-outline-secondary" disabled={busy} onClick={() => void back('video')}>
              <RotateCcw size={15} aria-hidden="true" /> Quitar video
            </button>
          ) : null}
          {busy ? <Spinner animation="border" size="sm" role="status" aria-label="Guardando" /> : null}
        </div>
        {notice ? (
          <p id={noticeId} className={`staff-media__notice text-${notice.kind}`} role={notice.kind === 'danger' ? 'alert' : 'status'}>
            {notice.text}
          </p>
        ) : null}
      </div>
    </li>
  );
}

/** Medios: the studio's own photos and videos in place of the illustrated demonstrations (ADR 0221) and of the landing's illustrations (ADR 0300). */
export function MediaPage() {
  const { data, error, isFetching } = useListStaffMediaQuery();
  const [search, setSearch] = useState('');
  const groups = useMemo(() => {
    const wanted = search.trim().toLocaleLowerCase('es');
    const byFamily = new Map<string, StaffExerciseMediaDto[]>();
    for (const exercise of data?.exercises ?? []) {
      if (wanted && !exercise.name.toLocaleLowerCase('es').includes(wanted)) continue;
      byFamily.set(exercise.family, [...(byFamily.get(exercise.family) ?? []), exercise]);
    }
    return [...byFamily.entries()];
  }, [data, search]);
  const own = (data?.exercises ?? []).filter((exercise) => exercise.photo || exercise.video).length;

  return (
    <>
      <PageHeader
        title="Medios"
        subtitle="Fotos y videos propios del estudio. Reemplazan las ilustraciones del inicio del sitio y las demostraciones ilustradas de la biblioteca, el panel y el reproductor."
      />
      {error ? <Alert variant="danger">{errorText(error)}</Alert> : null}
      {isFetching && !data ? <Spinner animation="border" role="status" aria-label="Cargando medios" /> : null}
      {data ? (
        <>
          <div className="staff-card staff-media__help">
            <h2 className="staff-card__title">Qué archivos usar</h2>
            <ul className="mb-0">
              <li>
                <strong>Videos:</strong> MP4 (H.264) o WebM, hasta {megabytes(data.limits.videoMaxBytes)}. Mejor cortos (5 a 15 segundos), horizontales y sin
                sonido: se repiten en bucle.
              </li>
              <li>
                <strong>Fotos:</strong> JPEG, PNG o WebP, hasta {megabytes(data.limits.photoMaxBytes)}. Horizontales para los ejercicios y las secciones,
                verticales para los entrenadores. Las del sitio se preparan solas en varios tamaños (AVIF y WebP), para que carguen rápido en cualquier
                pantalla.
              </li>
              <li>Los archivos MOV, HEIC, AVI o MKV deben convertirse antes a uno de esos formatos.</li>
            </ul>
          </div>

          <h2 className="staff-section-title">Inicio del sitio</h2>
          <p className="staff-muted">
            La portada, las secciones y los entrenadores del carrusel. Sin foto se ve la ilustración de Pulso; al quitar la foto, vuelve.
          </p>
          <ul className="staff-media__places">
            {data.landing.map((place) => (
              <LandingPhotoCard key={place.slot} place={place} limits={data.limits} />
            ))}
          </ul>

          <h2 className="staff-section-title">Ejercicios</h2>
          <p className="staff-muted">
            {data.exercises.length} ejercicios en uso · {own === 0 ? 'todos con la ilustración de Pulso' : `${own} con medios del estudio`}
          </p>
          <Form.Group controlId="staff-media-search" className="staff-media__search">
            <Form.Label>Buscar ejercicio</Form.Label>
            <Form.Control type="search" value={search} onChange={(event) => setSearch(event.target.value)} placeholder="Por ejemplo: sentadilla" />
          </Form.Group>
          {groups.length === 0 ? <p className="staff-empty">Ningún ejercicio coincide con «{search.trim()}».</p> : null}
          {groups.map(([family, exercises]) => (
            <section key={family} className="staff-media__family" aria-labelledby={`family-${family}`}>
              <h3 className="staff-media__family-title" id={`family-${family}`}>
                {FAMILY_LABELS[family] ?? family}
              </h3>
              <ul className="staff-media__list">
                {exercises.map((exercise) => (
                  <ExerciseRow key={exercise.exerciseId} exercise={exercise} limits={data.limits} />
                ))}
              </ul>
            </section>
          ))}
        </>
      ) : null}
    </>
  );
}
