import { useId, type ChangeEvent } from 'react';
import { ImageUp } from 'lucide-react';
import type { MediaLimitsDto } from '../../shared/api/generated-api';

export const EXERCISE_ACCEPT = 'video/mp4,video/webm,image/jpeg,image/png,image/webp';
export const PHOTO_ACCEPT = 'image/jpeg,image/png,image/webp';
export const megabytes = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;

export type Notice = { kind: 'success' | 'danger'; text: string } | null;

/** What the browser already knows before sending: a size over the limit needs no round trip. */
export function precheck(file: File, limits: MediaLimitsDto, photosOnly: boolean): string | null {
  const isVideo = file.type.startsWith('video/');
  if (photosOnly && isVideo) return 'Para el sitio sube una foto (JPEG, PNG o WebP); los videos solo se usan en los ejercicios.';
  if (isVideo && file.size > limits.videoMaxBytes)
    return `El video pesa más de ${megabytes(limits.videoMaxBytes)}. Recórtalo o expórtalo en menor calidad (720p basta) y vuelve a subirlo.`;
  if (!isVideo && file.type.startsWith('image/') && file.size > limits.photoMaxBytes) {
    return `La foto pesa más de ${megabytes(limits.photoMaxBytes)}. Redúcela (por ejemplo a 1600 px de ancho) y vuelve a subirla.`;
  }
  if (file.size > limits.videoMaxBytes)
    return `El archivo es demasiado grande: los videos pueden pesar hasta ${megabytes(limits.videoMaxBytes)} y las fotos hasta ${megabytes(limits.photoMaxBytes)}.`;
  return null;
}

/** A file input dressed as a button (the input stays in the page for the keyboard and screen readers). */
export function FileButton({
  label,
  accept,
  disabled,
  onFile,
  describedBy,
  variant = 'primary',
}: {
  label: string;
  accept: string;
  disabled: boolean;
  onFile: (file: File) => void;
  describedBy?: string;
  variant?: 'primary' | 'outline';
}) {
  const id = useId();
  const change = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (file) onFile(file);
  };
  return (
    <>
      <input
        id={id}
        type="file"
        className="visually-hidden staff-media__input"
        accept={accept}
        disabled={disabled}
        onChange={change}
        aria-describedby={describedBy}
      />
      <label
        htmlFor={id}
        className={`btn btn-sm ${variant === 'primary' ? 'btn-primary' : 'btn-outline-primary'} staff-media__button${disabled ? ' disabled' : ''}`}
      >
        <ImageUp size={16} aria-hidden="true" /> {label}
      </label>
    </>
  );
}
