export interface Trainer {
  /** The trainer's place on the landing is `entrenador-{id}` (backend/src/modules/catalog/landing-slots.ts). */
  id: string;
  name: string;
  position: string;
  description: string;
  /** The illustrated portrait, until the studio uploads a photo. */
  image: string;
}

/** Fixed in the page (spec section 3): a head trainer, two trainers (one in functional boxing) and a yoga trainer. */
export const TRAINERS: Trainer[] = [
  {
    id: 'andres',
    name: 'Andrés Castillo',
    position: 'Head Coach · Cofundador',
    description:
      'Representó a El Salvador en pruebas de medio fondo y hoy diseña cada bloque de entrenamiento del estudio. Combina análisis de datos con años de pista para que cada minuto de clase tenga un propósito medible.',
    image: '/images/trainer-andres.svg',
  },
  {
    id: 'gabriela',
    name: 'Gabriela Rivas',
    position: 'Entrenadora',
    description:
      'Especialista en fuerza y acondicionamiento. Te corrige la técnica de cerca y ajusta las cargas a tu nivel, para que progreses sin lesiones y con la intensidad justa.',
    image: '/images/trainer-gabriela.svg',
  },
  {
    id: 'kevin',
    name: 'Kevin Hernández',
    position: 'Entrenador · Boxeo Funcional',
    description:
      'Lleva el ritmo de nuestras clases Box and Burn: combinaciones de golpeo, trabajo de piernas y explosividad que disparan tu frecuencia cardiaca mientras aprendes a moverte como boxeador.',
    image: '/images/trainer-kevin.svg',
  },
  {
    id: 'sofia',
    name: 'Sofía Menjívar',
    position: 'Instructora de Yoga',
    description:
      'Guía las sesiones de movilidad y yoga del estudio. Respiración, control y flexibilidad para recuperar mejor, dormir mejor y volver a la próxima clase con más energía.',
    image: '/images/trainer-sofia.svg',
  },
];
