export interface Trainer {
  name: string;
  position: string;
  description: string;
  image: string;
}

/** Fixed in the page (spec section 3): a head trainer, two trainers (one in functional boxing) and a yoga trainer. */
export const TRAINERS: Trainer[] = [
  {
    name: 'Andrés Castillo',
    position: 'Head Coach · Cofundador',
    description:
      'Representó a El Salvador en pruebas de medio fondo y hoy diseña cada bloque de entrenamiento del estudio. Combina análisis de datos con años de pista para que cada minuto de clase tenga un propósito medible.',
    image: '/api/media/trainers/andres',
  },
  {
    name: 'Gabriela Rivas',
    position: 'Entrenadora',
    description:
      'Especialista en fuerza y acondicionamiento. Te corrige la técnica de cerca y ajusta las cargas a tu nivel, para que progreses sin lesiones y con la intensidad justa.',
    image: '/api/media/trainers/gabriela',
  },
  {
    name: 'Kevin Hernández',
    position: 'Entrenador · Boxeo Funcional',
    description:
      'Lleva el ritmo de nuestras clases Box and Burn: combinaciones de golpeo, trabajo de piernas y explosividad que disparan tu frecuencia cardiaca mientras aprendes a moverte como boxeador.',
    image: '/api/media/trainers/kevin',
  },
  {
    name: 'Sofía Menjívar',
    position: 'Instructora de Yoga',
    description:
      'Guía las sesiones de movilidad y yoga del estudio. Respiración, control y flexibilidad para recuperar mejor, dormir mejor y volver a la próxima clase con más energía.',
    image: '/api/media/trainers/sofia',
  },
];
