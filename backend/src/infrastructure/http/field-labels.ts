/**
 * Every field the API accepts (body, query and path), named as a member or the staff read it,
 * with its article: validation messages start with these ("La estatura debe ser un número.").
 * Keyed by property name, whatever the DTO; a nested field (`profile.height`) uses its own name.
 * A unit test fails when a DTO field has no label here.
 */
export const FIELD_LABELS: Record<string, string> = {
  // The whole body, when it is not an object (an array, a number).
  body: 'El cuerpo de la solicitud',
  // Free-class booking form.
  name: 'El nombre',
  lastname: 'El apellido',
  dui: 'El DUI',
  email: 'El correo electrónico',
  cellphone: 'El teléfono',
  date: 'La fecha',
  time: 'El horario',
  // Identity forms.
  firstName: 'El nombre',
  lastName: 'El apellido',
  password: 'La contraseña',
  code: 'El código',
  challenge: 'El inicio de sesión pendiente',
  // Member profile.
  profile: 'El perfil',
  completeOnboarding: 'El indicador de registro completado',
  dateOfBirth: 'La fecha de nacimiento',
  gender: 'El género',
  height: 'La estatura',
  weight: 'El peso',
  fitnessLevel: 'El nivel de condición física',
  goals: 'Los objetivos',
  // Enrolments and completions.
  id: 'El identificador',
  planId: 'El plan',
  workoutId: 'El entrenamiento',
  enrollmentId: 'La inscripción',
  completionId: 'El identificador de la sesión',
  isRunning: 'El indicador de carrera',
  duration: 'La duración',
  durationSec: 'La duración en segundos',
  // Heart-rate consent.
  granted: 'El consentimiento',
  noticeVersion: 'La versión del aviso',
  memberAccepted: 'La aceptación del miembro',
  heartRate: 'La frecuencia cardiaca',
  samples: 'Las lecturas de frecuencia cardiaca',
  rr: 'Los intervalos R–R',
  ms: 'Los intervalos R–R',
  counts: 'Los intervalos R–R por segundo',
  // Interval timer.
  intervalTimer: 'La sesión del temporizador',
  kind: 'El tipo de temporizador',
  workSec: 'El trabajo',
  restSec: 'El descanso',
  rounds: 'Las rondas',
  sets: 'Las series',
  setRestSec: 'El descanso entre series',
  // Workout calendar.
  weekdays: 'Los días de entrenamiento',
  reminderOffsetMin: 'La anticipación del recordatorio',
  file: 'El archivo del calendario',
  deleteData: 'La eliminación de los datos guardados',
  maxHr: 'La FC máxima medida',
  // Email preferences.
  topic: 'El tipo de correo',
  subscribed: 'La suscripción',
  token: 'El enlace',
  // Catalogue media.
  publicId: 'El identificador del video',
  quality: 'La calidad del video',
  // Pages and filters.
  limit: 'El límite',
  offset: 'El desplazamiento',
  before: 'El cursor de página',
  q: 'La búsqueda',
  from: 'La fecha inicial',
  to: 'La fecha final',
  // Staff console.
  member: 'El miembro',
  stream: 'El flujo de eventos',
  type: 'El tipo de evento',
  inactiveDays: 'Los días sin actividad',
  slot: 'El horario',
  outcome: 'El resultado',
  eventId: 'El identificador del evento',
  userId: 'El identificador del miembro',
  recipient: 'El destinatario',
  // Monthly challenges.
  challengeId: 'El reto',
  // Staff media uploads.
  exerciseId: 'El ejercicio',
  mediaKind: 'El tipo de medio',
  archivo: 'El archivo',
  // The landing's photos (ADR 0300).
  place: 'El lugar del sitio',
  alt: 'El texto alternativo',
  focalX: 'El punto focal horizontal',
  focalY: 'El punto focal vertical',
  month: 'El mes',
  goalType: 'El tipo de meta',
  target: 'La meta',
  visible: 'La elección de aparecer en la clasificación',
  showName: 'La elección de mostrar tu nombre',
  // Erasure of a member's personal data; a rights request.
  requestId: 'La solicitud',
  // Class on the studio board (issue 19).
  sessionId: 'La clase',
  sensorId: 'El sensor',
  bookingId: 'La reserva',
  guestAge: 'La edad del invitado',
  guestAcceptedNotice: 'La aceptación del aviso',
  readings: 'Las lecturas',
  at: 'El momento de la lectura',
  bpm: 'La frecuencia cardiaca',
  // Privacy: consents and rights requests.
  consent: 'El consentimiento',
  right: 'El derecho',
  details: 'El detalle',
  status: 'El estado',
  // Timetable.
  description: 'La descripción',
  lengthMin: 'La duración',
  defaultCapacity: 'El cupo por defecto',
  coach: 'El entrenador',
  weekday: 'El día de la semana',
  startTime: 'La hora de inicio',
  classTypeId: 'El tipo de clase',
  capacity: 'El cupo',
  slotId: 'La clase',
  cancelled: 'El indicador de cancelación',
  notice: 'El aviso',
  // Memberships.
  billing: 'La modalidad de pago',
  paymentMethod: 'El método de pago',
  reference: 'La referencia del pago',
  sharedWith: 'Los miembros con quienes se comparte el plan',
  // Class bookings.
  days: 'Los días',
  waitlist: 'La lista de espera',
  memberId: 'El miembro',
  bookingOpensDays: 'La apertura de reservas',
  cancelCutoffHours: 'El plazo para cancelar',
  waitlistCutoffHours: 'El cierre de la lista de espera',
  lateCancelKeepsCredit: 'La regla de cancelación tardía',
  noShowKeepsCredit: 'La regla de inasistencia',
  reminderHours: 'La anticipación del recordatorio de clase',
};

const PLURAL_VERBS: Record<string, string> = { debe: 'deben', puede: 'pueden', es: 'son', contiene: 'contienen', tiene: 'tienen' };

/** The label of a field path ('profile.goals.1' → 'Los objetivos'), if it has one. */
export function labelOf(path: string): string | undefined {
  const property = path
    .split('.')
    .filter((segment) => !/^\d+$/.test(segment))
    .pop();
  return property === undefined ? undefined : FIELD_LABELS[property];
}

/**
 * A sentence about a field: its label, then the predicate with the verb agreeing in number and
 * an adjective right after it in gender ('La fecha … es requerida', 'Los objetivos deben …').
 */
export function sentence(label: string, predicate: string): string {
  const article = label.split(' ')[0];
  const plural = article === 'Los' || article === 'Las';
  const feminine = article === 'La' || article === 'Las';
  const agreed = predicate.replace(
    /^(no )?(debe|puede|es|contiene|tiene)\b( (requerido|válido)\b)?/,
    (_match, no: string | undefined, verb: string, _adjective, adjective: string | undefined) => {
      const agreedVerb = plural ? PLURAL_VERBS[verb] : verb;
      const agreedAdjective = adjective === undefined ? '' : ` ${adjective.slice(0, -1)}${feminine ? 'a' : 'o'}${plural ? 's' : ''}`;
      return `${no ?? ''}${agreedVerb}${agreedAdjective}`;
    },
  );
  return `${label} ${agreed}`;
}
