/** The public pages prerendered at build time (ADR 0037), with their <h1>. */
export const PRERENDERED_PAGES: [string, string][] = [
  ['/', 'Entrena con tecnología avanzada y alcanza tus metas'],
  ['/memberships', 'Membresías'],
  ['/reserva', 'Reserva'],
  ['/horarios', 'Horarios'],
  ['/contactanos', 'Contáctanos'],
  ['/sistemas', 'Nuestros Sistemas'],
  ['/workout', 'Métodos de Entrenamiento'],
  ['/informacion-especializado', 'Entrenamiento Especializado'],
  ['/privacidad', 'Aviso de privacidad'],
];
