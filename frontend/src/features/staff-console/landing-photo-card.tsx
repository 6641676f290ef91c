import { useEffect, useId, useState, type MouseEvent } from 'react';
import { Badge, Form, Spinner } from 'react-bootstrap';
import { RotateCcw, Save, Upload, X } from 'lucide-react';
import { serverMessage, useRevertLandingImageMutation, useUpdateLandingImageMutation, useUploadLandingImageMutation } from '../../shared/api/api';
import type { MediaLimitsDto, StaffLandingImageDto } from '../../shared/api/generated-api';
import { formatDateTime } from './format';
import { FileButton, PHOTO_ACCEPT, precheck, type Notice } from './media-upload-controls';

/** The server's wording (MEDIA_MESSAGES.altRequired), said before sending. */
export const ALT_REQUIRED = 'Escribe el texto alternativo: qué muestra la foto, para quien no puede verla.';

interface Focal {
  x: number;
  y: number;
}

const percent = (value: number) => Math.min(100, Math.max(0, Math.round(value)));

/** Where a click lands on the photo, in percent of its width and height. */
export function focalFromClick(rect: Pick<DOMRect, 'left' | 'top' | 'width' | 'height'>, clientX: number, clientY: number): Focal {
  return { x: percent(((clientX - rect.left) / rect.width) * 100), y: percent(((clientY - rect.top) / rect.height) * 100) };
}

/** The whole photo with its focal point marked; a click moves the point (the sliders do it from the keyboard). */
function FocalPicker({ src, focal, onPick, disabled }: { src: string; focal: Focal; onPick: (focal: Focal) => void; disabled: boolean }) {
  const pick = (event: MouseEvent<HTMLDivElement>) => {
    if (!disabled) onPick(focalFromClick(event.currentTarget.getBoundingClientRect(), event.clientX, event.clientY));
  };
  return (
    <div className="staff-media__focal" onClick={pick} data-testid="punto-focal">
      <img src={src} alt="" />
      <span className="staff-media__focal-mark" style={{ left: `${focal.x}%`, top: `${focal.y}%` }} aria-hidden="true" />
    </div>
  );
}

/**
 * A place of the landing (the hero, a section, a trainer): its photo or its illustration, and the
 * way to change it. A chosen file is previewed here first, so its text and focal point go with it
 * in one upload (ADR 0300); both can be changed later without uploading again.
 */
export function LandingPhotoCard({ place, limits }: { place: StaffLandingImageDto; limits: MediaLimitsDto }) {
  const [upload, uploading] = useUploadLandingImageMutation();
  const [update, updating] = useUpdateLandingImageMutation();
  const [revert, reverting] = useRevertLandingImageMutation();
  const [pending, setPending] = useState<{ file: File; url: string } | null>(null);
  // Edits not saved yet; the rest comes from the server's photo.
  const [draft, setDraft] = useState<{ alt?: string; focal?: Focal }>({});
  const [notice, setNotice] = useState<Notice>(null);
  const id = useId();
  const busy = uploading.isLoading || updating.isLoading || reverting.isLoading;
  const photo = place.photo;
  const alt = draft.alt ?? (pending ? '' : (photo?.alt ?? ''));
  const focal = draft.focal ?? (pending || !photo ? { x: 50, y: 50 } : { x: photo.focalX, y: photo.focalY });
  const changed = !!photo && (alt.trim() !== photo.alt || focal.x !== photo.focalX || focal.y !== photo.focalY);
  const illustrationName = place.illustrationUrl ? 'la ilustración' : 'el fondo dibujado de Pulso';

  useEffect(() => () => (pending ? URL.revokeObjectURL(pending.url) : undefined), [pending]);

  const choose = (file: File) => {
    const refused = precheck(file, limits, true);
    if (refused) return setNotice({ kind: 'danger', text: refused });
    setNotice(null);
    setDraft({});
    setPending({ file, url: URL.createObjectURL(file) });
  };
  const send = async () => {
    if (!pending) return;
    if (!alt.trim()) return setNotice({ kind: 'danger', text: ALT_REQUIRED });
    setNotice(null);
    try {
      await upload({ place: place.slot, landingImageFormDto: { archivo: pending.file, alt: alt.trim(), focalX: focal.x, focalY: focal.y } }).unwrap();
      setPending(null);
      setDraft({});
      setNotice({ kind: 'success', text: 'Foto guardada: ya se ve en el inicio del sitio.' });
    } catch (error) {
      setNotice({ kind: 'danger', text: serverMessage(error) ?? 'No se pudo subir la foto. Inténtalo de nuevo.' });
    }
  };
  const save = async () => {
    if (!alt.trim()) return setNotice({ kind: 'danger', text: ALT_REQUIRED });
    setNotice(null);
    try {
      await update({ place: place.slot, landingImageDetailsDto: { alt: alt.trim(), focalX: focal.x, focalY: focal.y } }).unwrap();
      setDraft({});
      setNotice({ kind: 'success', text: 'Cambios guardados: ya se ven en el inicio del sitio.' });
    } catch (error) {
      setNotice({ kind: 'danger', text: serverMessage(error) ?? 'No se pudieron guardar los cambios. Inténtalo de nuevo.' });
    }
  };
  const remove = async () => {
    setNotice(null);
    try {
      await revert({ place: place.slot }).unwrap();
      setDraft({});
      setNotice({ kind: 'success', text: `Se quitó la foto: vuelve ${illustrationName}.` });
    } catch (error) {
      setNotice({ kind: 'danger', text: serverMessage(error) ?? 'No se pudo quitar la foto. Inténtalo de nuevo.' });
    }
  };

  const preview = pending?.url ?? photo?.previewUrl;
  return (
    <li className="staff-media__place" aria-label={place.label}>
      <div className="staff-media__place-head">
        <h3 className="staff-media__name">{place.label}</h3>
        {photo ? (
          <Badge bg="success">Foto del estudio</Badge>
        ) : (
          <Badge bg="light" text="dark">
            {place.illustrationUrl ? 'Ilustración de Pulso' : 'Fondo dibujado de Pulso'}
          </Badge>
        )}
      </div>
      <p className="staff-muted mb-2">{place.where}</p>
      {preview ? (
        <FocalPicker src={preview} focal={focal} onPick={(next) => setDraft((current) => ({ ...current, focal: next }))} disabled={busy} />
      ) : place.illustrationUrl ? (
        <img className="staff-media__illustration" src={place.illustrationUrl} alt="" loading="lazy" />
      ) : (
        <div className="staff-media__illustration staff-media__illustration--drawn" aria-hidden="true" />
      )}
      {photo && !pending ? (
        <p className="staff-media__facts mt-2">
          <span className="staff-media__file">{photo.originalName}</span> · {photo.width} × {photo.height} px · {photo.sizes} tamaños AVIF y WebP · subida por{' '}
          {photo.uploadedByName} el {formatDateTime(photo.uploadedAt)}
        </p>
      ) : null}
      {pending ? <p className="staff-media__facts mt-2">Vista previa de {pending.file.name}: todavía no se ha subido.</p> : null}
      {preview ? (
        <>
          <Form.Group controlId={`${id}-alt`} className="mt-2">
            <Form.Label className="mb-1">Texto alternativo</Form.Label>
            <Form.Control
              as="textarea"
              rows={2}
              maxLength={200}
              value={alt}
              disabled={busy}
              onChange={(event) => setDraft((current) => ({ ...current, alt: event.target.value }))}
              aria-describedby={`${id}-alt-help`}
            />
            <Form.Text id={`${id}-alt-help`}>
              Qué muestra la foto, para quien no puede verla. Por ejemplo: «Clase de Box and Burn con las pantallas encendidas».
            </Form.Text>
          </Form.Group>
          <fieldset className="staff-media__focal-controls mt-2">
            <legend className="form-label mb-1">Punto focal (lo que nunca se recorta): toca la foto o usa los controles</legend>
            <Form.Group controlId={`${id}-x`}>
              <Form.Label className="mb-0">Horizontal: {focal.x} %</Form.Label>
              <Form.Range
                min={0}
                max={100}
                value={focal.x}
                disabled={busy}
                onChange={(event) => setDraft((current) => ({ ...current, focal: { ...focal, x: Number(event.target.value) } }))}
              />
            </Form.Group>
            <Form.Group controlId={`${id}-y`}>
              <Form.Label className="mb-0">Vertical: {focal.y} %</Form.Label>
              <Form.Range
                min={0}
                max={100}
                value={focal.y}
                disabled={busy}
                onChange={(event) => setDraft((current) => ({ ...current, focal: { ...focal, y: Number(event.target.value) } }))}
              />
            </Form.Group>
          </fieldset>
        </>
      ) : null}
      <div className="staff-media__actions">
        {pending ? (
          <>
            <button type="button" className="btn btn-sm btn-primary" disabled={busy} onClick={() => void send()}>
              <Upload size={16} aria-hidden="true" /> Subir foto
            </button>
            <button
              type="button"
              className="btn btn-sm btn-outline-secondary"
              disabled={busy}
              onClick={() => {
                setPending(null);
                setDraft({});
              }}
            >
              <X size={15} aria-hidden="true" /> Cancelar
            </button>
          </>
        ) : (
          <>
            {photo ? (
              <button type="button" className="btn btn-sm btn-primary" disabled={busy || !changed} onClick={() => void save()}>
                <Save size={15} aria-hidden="true" /> Guardar cambios
              </button>
            ) : null}
            <FileButton
              label={photo ? 'Cambiar foto' : 'Elegir foto'}
              accept={PHOTO_ACCEPT}
              disabled={busy}
              onFile={choose}
              variant={photo ? 'outline' : 'primary'}
            />
            {photo ? (
              <button type="button" className="btn btn-sm btn-outline-secondary" disabled={busy} onClick={() => void remove()}>
                <RotateCcw size={15} aria-hidden="true" /> Quitar foto
              </button>
            ) : null}
          </>
        )}
        {busy ? (
          <Spinner animation="border" size="sm" role="status" aria-label={uploading.isLoading ? 'Subiendo y preparando los tamaños' : 'Guardando'} />
        ) : null}
      </div>
      {!photo && !pending ? <p className="staff-media__facts mt-1">JPEG, PNG o WebP de al menos {place.minWidth} px de ancho.</p> : null}
      {notice ? (
        <p className={`staff-media__notice text-${notice.kind}`} role={notice.kind === 'danger' ? 'alert' : 'status'}>
          {notice.text}
        </p>
      ) : null}
    </li>
  );
}
