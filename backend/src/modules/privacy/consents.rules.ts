import { EMAIL_TOPIC_LABELS, EMAIL_TOPICS, type EmailTopic } from '../email-preferences/email-preferences.rules';
import { HEART_RATE_NOTICE_VERSION } from '../heart-rate/heart-rate.rules';
import { HEALTH_DATA_WITHDRAWN_MESSAGE } from '../members/member-profile.rules';

/**
 * The consent registry (ADR 0190): every consent a member gives or withdraws, each with the
 * notice's version and time, in one list. A kind is ONE entry here: its label, what it covers,
 * what withdrawing does, and which events record it. Kinds recorded `by: 'consent'` use the
 * generic `ConsentGiven` / `ConsentWithdrawn` member events, so a new one needs no new event.
 */

/** The notice of the terms and the privacy notice (/privacidad) members accept; bump it when the text changes. */
export const PRIVACY_NOTICE_VERSION = '2026-11-24';

/** The notice members read before giving their height, weight and date of birth. */
export const HEALTH_DATA_NOTICE_VERSION = '2026-11-24';

export type ConsentRecordedBy =
  /** `ConsentGiven` / `ConsentWithdrawn` with this kind. */
  | { by: 'consent'; noticeVersion: string }
  /** `HeartRateConsentGiven` / `HeartRateConsentWithdrawn` (ADR 0133). */
  | { by: 'heart-rate'; noticeVersion: string }
  /** `EmailPreferenceChanged` of one topic; subscribed until the member says otherwise (ADR 0142). */
  | { by: 'email'; topic: EmailTopic }
  /** `StudioBoardNameChosen` (ADR 0183): initials only until the member chooses their name. */
  | { by: 'studio-board' };

export interface ConsentKindDefinition {
  kind: string;
  label: string;
  /** What the consent lets the studio do, as the profile shows it. */
  purpose: string;
  /** What stops when the member withdraws it, as the profile says before they confirm. */
  onWithdraw: string;
  /** False for the terms: they cover the account itself; leaving is a request of cancelación. */
  withdrawable: boolean;
  recordedBy: ConsentRecordedBy;
}

export const CONSENT_KINDS: readonly ConsentKindDefinition[] = [
  {
    kind: 'terms-privacy',
    label: 'Términos y aviso de privacidad',
    purpose: 'Aceptaste los términos de uso y el aviso de privacidad de Pulso para tener tu cuenta.',
    onWithdraw: 'Para cerrar tu cuenta, envía una solicitud de cancelación desde esta página.',
    withdrawable: false,
    recordedBy: { by: 'consent', noticeVersion: PRIVACY_NOTICE_VERSION },
  },
  {
    kind: 'health-data',
    label: 'Datos de salud',
    purpose: 'Guardar tu estatura, peso y fecha de nacimiento para calcular tus zonas, calorías y tu plan.',
    onWithdraw:
      'Borramos de tu perfil tu estatura, peso y fecha de nacimiento y no podrás volver a ingresarlos hasta que des tu consentimiento de nuevo. Tus zonas usarán valores generales.',
    withdrawable: true,
    recordedBy: { by: 'consent', noticeVersion: HEALTH_DATA_NOTICE_VERSION },
  },
  {
    kind: 'heart-rate',
    label: 'Frecuencia cardiaca',
    purpose: 'Registrar la frecuencia cardiaca de tus sesiones con un sensor y calcular tus zonas y Puntos Pulso.',
    onWithdraw: 'Dejamos de registrar tu frecuencia cardiaca desde este momento. Lo ya registrado se puede borrar desde la sección Frecuencia cardiaca.',
    withdrawable: true,
    recordedBy: { by: 'heart-rate', noticeVersion: HEART_RATE_NOTICE_VERSION },
  },
  {
    kind: 'studio-board-name',
    label: 'Tu nombre en la pantalla del estudio',
    purpose: 'Mostrar tu nombre y la inicial de tu apellido junto a tu frecuencia cardiaca en la pantalla del estudio durante las clases.',
    onWithdraw: 'En la pantalla del estudio aparecerás solo con tus iniciales desde la próxima lectura.',
    withdrawable: true,
    recordedBy: { by: 'studio-board' },
  },
  ...EMAIL_TOPICS.map((topic): ConsentKindDefinition => ({
    kind: `email-${topic}`,
    label: `Correos: ${EMAIL_TOPIC_LABELS[topic].label}`,
    purpose: `Enviarte ${EMAIL_TOPIC_LABELS[topic].noLonger} a tu correo.`,
    onWithdraw: `Dejamos de enviarte ${EMAIL_TOPIC_LABELS[topic].noLonger}.`,
    withdrawable: true,
    recordedBy: { by: 'email', topic },
  })),
];

export type ConsentKind = string;

export function consentKindOf(kind: string): ConsentKindDefinition | undefined {
  return CONSENT_KINDS.find((definition) => definition.kind === kind);
}

/** The kinds recorded by the generic events: the only ones `GiveConsent` / `WithdrawConsent` accept. */
export function isGenericConsentKind(kind: string): boolean {
  return consentKindOf(kind)?.recordedBy.by === 'consent';
}

export const CONSENT_MESSAGES = {
  unknownKind: `El consentimiento no existe. Usa uno de: ${CONSENT_KINDS.map((definition) => definition.kind).join(', ')}.`,
  notWithdrawable: 'Este consentimiento no se puede retirar: para cerrar tu cuenta, envía una solicitud de cancelación.',
  staleNotice: 'El aviso cambió. Lee la versión actual antes de dar tu consentimiento.',
  noticeRequired: 'Indica la versión del aviso que leíste.',
  healthDataWithdrawn: HEALTH_DATA_WITHDRAWN_MESSAGE,
} as const;
