import type { MediaSubjectKind } from './media-uploads';
import { STUDIO_TRAINERS, trainerPortraitPath } from './studio-trainers';

/**
 * The places of the landing page the studio can fill with its own photo (ADR 0300): the hero, the
 * home sections that show an illustration, and the four trainers of the carousel. `widths` are the
 * sizes made from each photo (ADR 0301), from a phone's to a wide screen's at the density it draws
 * them; `sizes` says how wide the landing draws the slot at each of Bootstrap's breakpoints (theme.css),
 * so the browser picks one of them.
 */
export interface LandingSlot {
  slot: string;
  /** How the staff console names it. */
  label: string;
  /** Where it shows on the landing, in the staff console's words. */
  where: string;
  subject: { kind: MediaSubjectKind; id: string };
  /** Shown until a photo is uploaded; the hero has none (its drawn background stays). */
  illustrationUrl: string | null;
  widths: number[];
  sizes: string;
  /** Above the fold: loaded at once and first, not lazily. */
  eager: boolean;
  /** The alternative text of a photo uploaded before photos had one (trainers' portraits). */
  defaultAlt: string;
}

const FEATURE_WIDTHS = [480, 720, 960, 1280];
const FEATURE_SIZES =
  '(min-width: 1400px) 616px, (min-width: 1200px) 526px, (min-width: 992px) 436px, (min-width: 768px) 696px, (min-width: 576px) 516px, calc(100vw - 24px)';

export const LANDING_SLOTS: readonly LandingSlot[] = [
  {
    slot: 'portada',
    label: 'Portada',
    where: 'Fondo de la primera pantalla del inicio, detrás del título',
    subject: { kind: 'site', id: 'portada' },
    illustrationUrl: null,
    widths: [640, 960, 1280, 1920],
    sizes: '100vw',
    eager: true,
    defaultAlt: 'El estudio de Pulso',
  },
  {
    slot: 'nosotros',
    label: 'Sobre nosotros',
    where: 'Sección «Sobre nosotros»: arriba del texto en el celular, de fondo en pantallas grandes',
    subject: { kind: 'site', id: 'nosotros' },
    illustrationUrl: '/images/about-studio.svg',
    widths: [640, 960, 1280, 1920],
    sizes: '100vw',
    eager: false,
    defaultAlt: 'El estudio de Pulso',
  },
  {
    slot: 'sistemas',
    label: 'Nuestros Sistemas',
    where: 'Sección «Nuestros Sistemas», junto al texto',
    subject: { kind: 'site', id: 'sistemas' },
    illustrationUrl: '/images/app-systems.svg',
    widths: FEATURE_WIDTHS,
    sizes: FEATURE_SIZES,
    eager: false,
    defaultAlt: 'La app y las pantallas de frecuencia cardiaca de Pulso',
  },
  {
    slot: 'especializado',
    label: 'Entrenamiento especializado',
    where: 'Sección «Entrenamiento especializado», junto al texto',
    subject: { kind: 'site', id: 'especializado' },
    illustrationUrl: '/images/specialised.svg',
    widths: FEATURE_WIDTHS,
    sizes: FEATURE_SIZES,
    eager: false,
    defaultAlt: 'Un entrenamiento especializado en Pulso',
  },
  ...STUDIO_TRAINERS.map((trainer) => ({
    slot: `entrenador-${trainer.trainerId}`,
    label: trainer.name,
    where: `Carrusel de entrenadores: ${trainer.position}`,
    subject: { kind: 'trainer' as const, id: trainer.trainerId },
    illustrationUrl: trainerPortraitPath(trainer.trainerId),
    widths: [360, 540, 720, 960],
    sizes:
      '(min-width: 1400px) 564px, (min-width: 1200px) 482px, (min-width: 992px) 400px, (min-width: 768px) 291px, (min-width: 576px) 516px, calc(100vw - 24px)',
    eager: false,
    defaultAlt: `Retrato de ${trainer.name}`,
  })),
];

export const LANDING_SLOT_IDS = LANDING_SLOTS.map((slot) => slot.slot);

export function landingSlot(slot: string): LandingSlot | undefined {
  return LANDING_SLOTS.find((entry) => entry.slot === slot);
}

export function slotOfSubject(kind: MediaSubjectKind, id: string): LandingSlot | undefined {
  return LANDING_SLOTS.find((entry) => entry.subject.kind === kind && entry.subject.id === id);
}
