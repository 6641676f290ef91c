/**
 * The notice a member reads before the first pairing (issue 18, consent first). `version` is the
 * one this text was written for: the SPA records consent to the text it showed, so a changed
 * notice needs a new version here and in the backend's HEART_RATE_NOTICE_VERSION together; until
 * both move, the API's 409 stops a consent to an outdated text (ADR 0136).
 */
export const HEART_RATE_NOTICE = {
  version: '2026-11-24',
  title: 'Frecuencia cardiaca',
  paragraphs: [
    'Con tu sensor Bluetooth, Pulso te muestra en vivo tus pulsaciones, tu zona de esfuerzo y tus Puntos Pulso mientras entrenas.',
    'Para eso guardamos en tu cuenta tus pulsaciones por minuto durante cada entrenamiento, con las zonas y los puntos que resultan. Son datos de salud: la Ley para la Protección de Datos Personales de El Salvador nos pide tu consentimiento expreso, y los usamos solo para tu entrenamiento y tu progreso en Pulso.',
    'Es opcional: sin sensor entrenas igual. Puedes retirar tu consentimiento cuando quieras desde tu perfil; dejamos de registrar y puedes borrar lo que ya guardamos.',
  ],
} as const;
