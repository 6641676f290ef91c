/**
 * The notice a member reads before the first pairing (issue 18, consent first), word for word the
 * version docs/heart-rate.md records. The SPA records consent to the text it showed, so `version`
 * is this text's own: a new wording changes it here and the backend's HEART_RATE_NOTICE_VERSION
 * together, and until both move the API's 409 refuses consent to the outdated words (ADR 0135).
 */
export const HEART_RATE_NOTICE = {
  version: '2026-11-24.3',
  title: 'Frecuencia cardiaca',
  paragraphs: [
    'Si conectas un sensor, Pulso registra tu frecuencia cardiaca durante cada entrenamiento (latidos por minuto, una lectura por segundo, y el tiempo entre latidos que envía el sensor) y calcula con ella tus zonas, tus Puntos Pulso y las calorías estimadas.',
    'La usamos solo para mostrarte tu esfuerzo y tu progreso. No la compartimos con nadie ni la usamos para publicidad.',
    'La guardamos mientras tengas tu cuenta. Puedes retirar tu consentimiento cuando quieras desde tu perfil: dejamos de registrarla en ese momento y, si lo pides, eliminamos las lecturas guardadas y dejamos de mostrar los resúmenes de tus sesiones.',
    'Conectar un sensor es opcional: puedes entrenar igual sin él.',
  ],
} as const;
