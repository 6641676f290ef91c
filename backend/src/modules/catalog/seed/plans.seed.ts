import { weeksOf, type PlanSeed } from './seed-builders';

/**
 * The plans: weeks of training workouts at the recommended 3–4 days a week. A plan
 * repeats workouts across weeks on purpose: progress comes from doing them better.
 */
export const PLANS: PlanSeed[] = [
  {
    slug: 'arranque-pulso',
    title: 'Arranque Pulso',
    description:
      'Dos semanas para dar tus primeros pasos en la plataforma: conoce el reproductor, prueba cada tipo de clase y crea el hábito de entrenar tres veces por semana.',
    difficulty: 'beginner',
    estimatedWeeks: 2,
    weeks: [
      ['activacion-express', 'full-body-sin-equipo', 'movilidad-diaria-10'],
      ['box-and-burn-fundamentos', 'lower-body-power-base', 'upper-body-abs-base'],
    ],
  },
  {
    slug: 'core-y-movilidad',
    title: 'Core y Movilidad',
    description: 'Un mes para fortalecer el tronco, ganar estabilidad y moverte sin dolor. Sesiones cortas que puedes combinar con tus clases en el estudio.',
    difficulty: 'beginner',
    estimatedWeeks: 4,
    weeks: [
      ...weeksOf(2, ['core-express-15', 'movilidad-diaria-10', 'equilibrio-estabilidad']),
      ...weeksOf(2, ['core-express-15', 'yoga-flow-recuperacion', 'equilibrio-estabilidad']),
    ],
  },
  {
    slug: 'box-and-burn-4-semanas',
    title: 'Box and Burn: 4 Semanas',
    description:
      'Cuatro semanas con la clase más intensa del estudio: técnica de golpeo, combinaciones al saco y trabajo de torso para quemar calorías y ganar resistencia.',
    difficulty: 'intermediate',
    estimatedWeeks: 4,
    weeks: [
      ...weeksOf(2, ['box-and-burn-fundamentos', 'core-de-acero', 'box-and-burn-combos']),
      ...weeksOf(2, ['box-and-burn-combos', 'upper-body-abs-superseries', 'box-and-burn-combos', 'movilidad-diaria-10']),
    ],
  },
  {
    slug: 'complemento-corredores',
    title: 'Complemento para Corredores',
    description:
      'Seis semanas de pliometría, core y movilidad para correr con más economía y menos lesiones. Combínalo con tus salidas de running de la biblioteca.',
    difficulty: 'intermediate',
    estimatedWeeks: 6,
    weeks: [
      ...weeksOf(3, ['pliometria-corredores', 'core-de-acero', 'estiramiento-post-carrera']),
      ...weeksOf(3, ['pliometria-corredores', 'lower-body-power-potencia', 'equilibrio-estabilidad', 'estiramiento-post-carrera']),
    ],
  },
  {
    slug: 'fuerza-total-8-semanas',
    title: 'Fuerza Total',
    description:
      'Dos meses de fuerza con mancuernas y kettlebell para todo el cuerpo. En la segunda mitad se suma una sesión de movilidad para levantar con mejor técnica.',
    difficulty: 'intermediate',
    estimatedWeeks: 8,
    weeks: [
      ...weeksOf(4, ['fuerza-con-mancuernas', 'upper-body-abs-superseries', 'lower-body-power-potencia']),
      ...weeksOf(4, ['fuerza-con-mancuernas', 'upper-body-abs-superseries', 'lower-body-power-potencia', 'movilidad-para-levantar']),
    ],
  },
  {
    slug: 'transformacion-12-semanas',
    title: 'Transformación 12 Semanas',
    description:
      'Tres meses en tres fases: base, construcción e intensidad. Combina fuerza, Box and Burn, cardio y yoga para perder grasa, ganar músculo y mejorar tu condición.',
    difficulty: 'intermediate',
    estimatedWeeks: 12,
    weeks: [
      ...weeksOf(4, ['full-body-sin-equipo', 'box-and-burn-fundamentos', 'lower-body-power-base', 'yoga-flow-recuperacion']),
      ...weeksOf(4, ['full-body-blast', 'box-and-burn-combos', 'upper-body-abs-superseries', 'core-de-acero']),
      ...weeksOf(4, ['full-body-blast', 'clasico-60-min', 'lower-body-power-potencia', 'box-and-burn-combos']),
    ],
  },
  {
    slug: 'rendimiento-atleta-16-semanas',
    title: 'Rendimiento Atleta',
    description:
      'Dieciséis semanas de preparación inspirada en el alto rendimiento: fuerza máxima, potencia, resistencia metabólica y recuperación planificada. Para atletas con al menos un año de entrenamiento constante.',
    difficulty: 'advanced',
    estimatedWeeks: 16,
    weeks: [
      ...weeksOf(4, ['fuerza-con-mancuernas', 'box-and-burn-combos', 'lower-body-power-potencia', 'yoga-fuerza-equilibrio']),
      ...weeksOf(4, ['upper-body-abs-piramide', 'lower-body-power-explosivo', 'tabata-pulso', 'movilidad-para-levantar']),
      ...weeksOf(4, ['potencia-atletica', 'box-and-burn-campeonato', 'full-body-blast-extremo', 'yoga-flow-recuperacion']),
      ...weeksOf(3, ['potencia-atletica', 'resistencia-metabolica-45', 'upper-body-abs-piramide', 'lower-body-power-explosivo']),
      ['movilidad-para-levantar', 'tabata-pulso', 'yoga-flow-recuperacion'],
    ],
  },
];
