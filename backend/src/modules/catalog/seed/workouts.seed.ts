import { repeated, reps, round, timed, type RoundSeed, type WorkoutSeed } from './seed-builders';
import { CLASSIC_CLASS_NAME } from '../../../shared/class-length';

/**
 * The training workouts: the studio's classes (Box and Burn, Upper Body and Abs,
 * Lower Body Power, Full Body Blast, Clásico 60 Min, yoga) adapted for training
 * alone with the player, plus shorter sessions for busy days.
 * Some rests are left out or set to 0 on purpose: the player's defaults apply.
 */

const standardCooldown = (restInside?: number): RoundSeed =>
  round('cooldown', 'Enfriamiento', 0, [timed('postura-nino', 60, restInside), timed('cobra', 45, restInside), timed('perro-boca-abajo', 45, 0)]);

export const WORKOUTS: WorkoutSeed[] = [
  {
    slug: 'activacion-express',
    title: 'Activación Express',
    goal: 'Despertar el cuerpo en menos de tres minutos',
    description:
      'Dos rondas cortas para activar piernas, core y ritmo cardiaco antes de tu día. Ideal como primera sesión para conocer el reproductor: incluye un ejercicio por repeticiones, descanso entre ejercicios y descanso entre rondas.',
    difficulty: 'beginner',
    workoutType: ['full-body', 'cardio'],
    targetMuscles: ['Cuádriceps', 'Glúteos', 'Core'],
    requiresEquipment: [],
    rounds: [
      round('warmup', 'Activación', 20, [timed('saltos-tijera', 30, 10), reps('sentadilla-peso-corporal', 10, 15)]),
      round('circuit', 'Circuito corto', 0, [timed('escaladores', 30, 10), timed('plancha-frontal', 20, 0)]),
    ],
  },
  {
    slug: 'box-and-burn-fundamentos',
    title: 'Box and Burn: Fundamentos',
    goal: 'Aprender la técnica de golpeo mientras quemas calorías',
    description:
      'La clase insignia de los lunes, miércoles y viernes en versión para principiantes: jab, cross, ganchos y esquivas a ritmo moderado, con bloques cortos de piernas. No necesitas saco; los golpes se lanzan al aire con buena técnica.',
    difficulty: 'beginner',
    workoutType: ['cardio', 'hiit'],
    targetMuscles: ['Hombros', 'Core', 'Cuádriceps', 'Oblicuos'],
    requiresEquipment: [],
    rounds: [
      round('warmup', 'Calentamiento', 30, [
        timed('saltos-tijera', 45, 15),
        timed('circulos-brazos', 30, 15),
        timed('boxeo-sombra', 60, 15),
        timed('rodillas-arriba', 30, 0),
      ]),
      ...repeated(
        3,
        round('cardio', 'Técnica de golpes', 60, [
          timed('jab-cross', 45, 15),
          timed('ganchos-alternos', 45, 15),
          timed('esquiva-contragolpe', 45, 15),
          timed('saltos-tijera', 30),
        ]),
      ),
      ...repeated(
        2,
        round('circuit', 'Quemada final', 45, [reps('sentadilla-peso-corporal', 15, 15), timed('uppercuts', 40, 20), timed('escaladores', 30, 0)]),
      ),
      round('cooldown', 'Enfriamiento', 0, [timed('postura-nino', 45), timed('gato-camello', 45), timed('perro-boca-abajo', 45, 0)]),
    ],
  },
  {
    slug: 'box-and-burn-combos',
    title: 'Box and Burn: Combos',
    goal: 'Encadenar combinaciones con potencia y sin perder el ritmo',
    description:
      'Rounds de combinaciones al saco intercalados con superseries de brazos y hombros. Mantén la guardia arriba y gira la cadera en cada gancho: la potencia nace de las piernas.',
    difficulty: 'intermediate',
    workoutType: ['hiit', 'cardio', 'upper-body'],
    targetMuscles: ['Hombros', 'Pectorales', 'Core', 'Tríceps'],
    requiresEquipment: ['Saco de boxeo', 'Guantes de boxeo', 'Mancuernas', 'Cuerda para saltar'],
    rounds: [
      round('warmup', 'Calentamiento', 30, [
        timed('salto-cuerda', 60, 15),
        timed('boxeo-sombra', 60, 15),
        timed('circulos-brazos', 30, 15),
        timed('mejor-estiramiento-mundo', 45, 0),
      ]),
      ...repeated(
        4,
        round('cardio', 'Combos al saco', 60, [
          timed('combo-1-2-gancho', 60, 15),
          timed('golpes-saco', 60, 15),
          timed('uppercuts', 45, 15),
          reps('burpees', 8, 0),
        ]),
      ),
      ...repeated(3, round('superset', 'Brazos y hombros', 45, [reps('flexiones', 12, 0), reps('press-hombros', 12, 30)])),
      ...repeated(2, round('circuit', 'Finisher', 30, [timed('sprint-en-sitio', 20, 10), timed('ganchos-alternos', 40, 10), timed('plancha-frontal', 30)])),
      standardCooldown(0),
    ],
  },
  {
    slug: 'box-and-burn-campeonato',
    title: 'Box and Burn: Round de Campeonato',
    goal: 'Sostener la intensidad de seis rounds como en una pelea de verdad',
    description:
      'Seis rounds largos al saco con descansos cortos, más un bloque de trabajo de piernas del boxeador. Es la sesión más exigente de la familia Box and Burn: llega hidratado y con el sensor puesto para vigilar tu zona roja.',
    difficulty: 'advanced',
    workoutType: ['hiit', 'endurance', 'cardio'],
    targetMuscles: ['Hombros', 'Core', 'Cuádriceps', 'Pantorrillas'],
    requiresEquipment: ['Saco de boxeo', 'Guantes de boxeo', 'Cuerda para saltar'],
    rounds: [
      round('warmup', 'Calentamiento', 30, [timed('salto-cuerda', 90, 15), timed('boxeo-sombra', 90, 15), timed('mejor-estiramiento-mundo', 45, 0)]),
      ...repeated(
        6,
        round('cardio', 'Round de campeonato', 60, [
          timed('golpes-saco', 90, 10),
          timed('combo-1-2-gancho', 60, 10),
          timed('esquiva-contragolpe', 45, 10),
          reps('burpees', 10, 0),
        ]),
      ),
      ...repeated(
        3,
        round('main', 'Piernas de boxeador', 45, [timed('saltos-patinador', 40, 15), reps('sentadilla-con-salto', 12, 15), timed('sprint-en-sitio', 30, 0)]),
      ),
      round('cooldown', 'Enfriamiento', 0, [timed('postura-nino', 60), timed('paloma', 60), timed('cobra', 45)]),
    ],
  },
  {
    slug: 'upper-body-abs-base',
    title: 'Upper Body and Abs: Base',
    goal: 'Construir fuerza básica de torso y un abdomen firme',
    description:
      'La clase de los martes adaptada a quien empieza: empujes y tirones con técnica controlada y un circuito de abdomen al final. Elige mancuernas con las que completes todas las repeticiones sin perder la postura.',
    difficulty: 'beginner',
    workoutType: ['upper-body', 'core', 'strength'],
    targetMuscles: ['Pectorales', 'Dorsales', 'Hombros', 'Abdomen'],
    requiresEquipment: ['Mancuernas', 'Banda elástica', 'Banco', 'Colchoneta'],
    rounds: [
      round('warmup', 'Calentamiento', 30, [timed('circulos-brazos', 45, 15), reps('face-pull-banda', 15, 15), timed('gato-camello', 45, 0)]),
      ...repeated(2, round('standard', 'Empuje', 60, [reps('flexiones-rodillas', 10, 30), reps('press-hombros', 10, 30), reps('fondos-banco', 10, 0)])),
      ...repeated(2, round('standard', 'Tirón', 60, [reps('jalon-banda', 12, 30), reps('curl-biceps', 12, 0)])),
      ...repeated(2, round('circuit', 'Abdomen', 30, [reps('crunch-abdominal', 15, 15), timed('bicho-muerto', 40, 15), timed('plancha-frontal', 30, 0)])),
      round('cooldown', 'Enfriamiento', 0, [timed('postura-nino', 60, 0), timed('cobra', 45, 0)]),
    ],
  },
  {
    slug: 'upper-body-abs-superseries',
    title: 'Upper Body and Abs: Superseries',
    goal: 'Ganar músculo en el torso con superseries de músculos opuestos',
    description:
      'Tres superseries de pecho y espalda, hombros y bíceps, tríceps y dorsales, sin descanso entre los dos ejercicios de cada par. Cierra con un circuito de core con giros y planchas laterales.',
    difficulty: 'intermediate',
    workoutType: ['upper-body', 'strength', 'core'],
    targetMuscles: ['Pectorales', 'Dorsales', 'Hombros', 'Bíceps', 'Tríceps', 'Oblicuos'],
    requiresEquipment: ['Mancuernas', 'Banco', 'Banda elástica', 'Colchoneta'],
    rounds: [
      round('warmup', 'Calentamiento', 30, [
        timed('circulos-brazos', 45, 10),
        reps('face-pull-banda', 15, 10),
        timed('toques-hombro-plancha', 30, 10),
        timed('escaladores', 30, 0),
      ]),
      ...repeated(3, round('superset', 'Superserie A: pecho y espalda', 75, [reps('press-pecho-mancuernas', 12, 0), reps('remo-mancuerna', 12, 0)])),
      ...repeated(3, round('superset', 'Superserie B: hombros y bíceps', 60, [reps('press-hombros', 10, 0), reps('curl-biceps', 12, 0)])),
      ...repeated(3, round('superset', 'Superserie C: tríceps y dorsales', 60, [reps('fondos-banco', 12, 0), reps('jalon-banda', 15, 0)])),
      ...repeated(3, round('circuit', 'Core', 30, [timed('giros-rusos', 40, 10), reps('elevacion-piernas', 12, 10), timed('plancha-lateral', 30, 0)])),
      round('cooldown', 'Enfriamiento', 0, [timed('postura-nino', 60, 0), timed('perro-boca-abajo', 45, 0)]),
    ],
  },
  {
    slug: 'upper-body-abs-piramide',
    title: 'Upper Body and Abs: Pirámide',
    goal: 'Llevar la fuerza de empuje y tirón a un nuevo nivel',
    description:
      'Una pirámide de flexiones y remos invertidos que sube de 6 a 12 repeticiones y vuelve a bajar, seguida de series pesadas de press y remo. Para quien ya domina la flexión completa con buena técnica.',
    difficulty: 'advanced',
    workoutType: ['upper-body', 'strength', 'core'],
    targetMuscles: ['Pectorales', 'Dorsales', 'Tríceps', 'Hombros', 'Abdomen'],
    requiresEquipment: ['TRX', 'Mancuernas', 'Banco', 'Colchoneta'],
    rounds: [
      round('warmup', 'Calentamiento', 30, [timed('circulos-brazos', 45, 10), timed('toques-hombro-plancha', 40, 10), reps('face-pull-banda', 15, 0)]),
      ...[6, 8, 10, 12, 10, 8].map((count) =>
        round('strength', `Pirámide: ${count} repeticiones`, 45, [reps('flexiones', count, 0), reps('remo-invertido-trx', count, 0)]),
      ),
      ...repeated(
        4,
        round('strength', 'Press y remo pesados', 90, [reps('press-pecho-mancuernas', 8, 45), reps('remo-mancuerna', 8, 45), reps('flexiones-pike', 8, 0)]),
      ),
      ...repeated(
        3,
        round('circuit', 'Core avanzado', 40, [timed('hollow-hold', 40, 15), timed('toques-hombro-plancha', 40, 15), timed('bicicleta-abdominal', 45, 0)]),
      ),
      standardCooldown(),
    ],
  },
  {
    slug: 'lower-body-power-base',
    title: 'Lower Body Power: Base',
    goal: 'Fortalecer piernas y glúteos con movimientos fundamentales',
    description:
      'La clase de los jueves para principiantes: sentadilla, puente de glúteo y zancada con pausas para cuidar la técnica. Termina con un circuito corto que sube el pulso sin impacto fuerte.',
    difficulty: 'beginner',
    workoutType: ['lower-body', 'strength'],
    targetMuscles: ['Cuádriceps', 'Glúteos', 'Isquiotibiales'],
    requiresEquipment: ['Kettlebell', 'Cajón pliométrico', 'Colchoneta'],
    rounds: [
      round('warmup', 'Calentamiento', 30, [timed('circulos-cadera', 45, 10), timed('movilidad-tobillo', 45, 10), reps('sentadilla-peso-corporal', 10, 0)]),
      ...repeated(
        3,
        round('standard', 'Bloque de fuerza', 60, [reps('sentadilla-goblet', 12, 30), reps('puente-gluteo', 15, 30), reps('zancada-atras-alterna', 12, 0)]),
      ),
      ...repeated(
        2,
        round('circuit', 'Cierre', 45, [timed('sentadilla-isometrica-pared', 30, 15), reps('subida-al-cajon', 10, 15), timed('talones-gluteos', 30, 0)]),
      ),
      round('cooldown', 'Enfriamiento', 0, [timed('paloma', 60, 0), timed('mejor-estiramiento-mundo', 45)]),
    ],
  },
  {
    slug: 'lower-body-power-potencia',
    title: 'Lower Body Power: Potencia',
    goal: 'Convertir la fuerza de tus piernas en potencia',
    description:
      'Primero fuerza con sentadilla goblet, peso muerto rumano y sentadilla búlgara; después saltos para enseñar a tus piernas a producir fuerza rápido. Aterriza suave, con las rodillas alineadas con la punta de los pies.',
    difficulty: 'intermediate',
    workoutType: ['lower-body', 'plyometric', 'strength'],
    targetMuscles: ['Cuádriceps', 'Glúteos', 'Isquiotibiales', 'Pantorrillas'],
    requiresEquipment: ['Kettlebell', 'Mancuernas', 'Banco', 'Cajón pliométrico'],
    rounds: [
      round('warmup', 'Calentamiento', 30, [
        timed('circulos-cadera', 40, 10),
        timed('saltos-tobillo', 30, 10),
        reps('zancada-lateral', 10, 10),
        timed('mejor-estiramiento-mundo', 45, 0),
      ]),
      ...repeated(
        4,
        round('strength', 'Fuerza', 90, [reps('sentadilla-goblet', 10, 45), reps('peso-muerto-rumano', 10, 45), reps('sentadilla-bulgara', 8, 0)]),
      ),
      ...repeated(3, round('main', 'Potencia', 60, [reps('sentadilla-con-salto', 10, 30), timed('saltos-patinador', 30, 30), reps('salto-al-cajon', 8, 0)])),
      round('cooldown', 'Enfriamiento', 0, [timed('paloma', 60, 0), timed('postura-nino', 45, 0), timed('perro-boca-abajo', 45, 0)]),
    ],
  },
  {
    slug: 'lower-body-power-explosivo',
    title: 'Lower Body Power: Explosivo',
    goal: 'Máxima potencia de piernas con entrenamiento de contraste',
    description:
      'Series de contraste: un ejercicio pesado seguido de un salto explosivo para reclutar más fibras rápidas. Cinco bloques exigentes y un quemador de piernas final con swings y sentadilla isométrica.',
    difficulty: 'advanced',
    workoutType: ['lower-body', 'plyometric'],
    targetMuscles: ['Cuádriceps', 'Glúteos', 'Isquiotibiales', 'Pantorrillas'],
    requiresEquipment: ['Kettlebell', 'Cajón pliométrico', 'Banco', 'Mancuernas'],
    rounds: [
      round('warmup', 'Calentamiento', 30, [
        timed('circulos-cadera', 40, 10),
        timed('saltos-tobillo', 40, 10),
        reps('sentadilla-con-pausa', 10, 10),
        timed('mejor-estiramiento-mundo', 45, 0),
      ]),
      ...repeated(
        5,
        round('main', 'Contraste fuerza-potencia', 90, [
          reps('sentadilla-goblet', 8, 20),
          reps('salto-al-cajon', 6, 60),
          reps('hip-thrust', 12, 20),
          reps('zancada-con-salto', 12, 0),
        ]),
      ),
      ...repeated(
        3,
        round('circuit', 'Quemador de piernas', 45, [
          reps('swing-kettlebell', 20, 15),
          timed('sentadilla-isometrica-pared', 45, 15),
          timed('saltos-patinador', 40, 0),
        ]),
      ),
      round('cooldown', 'Enfriamiento', 0, [timed('paloma', 60, 0), timed('postura-nino', 60, 0)]),
    ],
  },
  {
    slug: 'full-body-blast',
    title: 'Full Body Blast',
    goal: 'Trabajar todo el cuerpo con intensidad de clase dominical',
    description:
      'La clase de los domingos: dos circuitos de cuerpo completo que combinan fuerza con mancuernas y kettlebell, saltos y core. Ajusta el peso para llegar a la última repetición con buena técnica.',
    difficulty: 'intermediate',
    workoutType: ['full-body', 'hiit'],
    targetMuscles: ['Cuádriceps', 'Glúteos', 'Pectorales', 'Dorsales', 'Core'],
    requiresEquipment: ['Kettlebell', 'Mancuernas'],
    rounds: [
      round('warmup', 'Calentamiento', 30, [
        timed('saltos-tijera', 45, 10),
        timed('mejor-estiramiento-mundo', 45, 10),
        reps('sentadilla-peso-corporal', 12, 0),
      ]),
      ...repeated(
        3,
        round('circuit', 'Circuito A', 60, [
          reps('burpees', 10, 15),
          reps('swing-kettlebell', 15, 15),
          reps('flexiones', 12, 15),
          reps('zancada-caminando', 16, 15),
          timed('escaladores', 40, 0),
        ]),
      ),
      ...repeated(
        3,
        round('circuit', 'Circuito B', 60, [
          timed('sentadilla-con-salto', 40, 20),
          reps('remo-mancuerna', 12, 20),
          reps('press-hombros', 10, 20),
          timed('plancha-frontal', 45, 0),
        ]),
      ),
      standardCooldown(0),
    ],
  },
  {
    slug: 'full-body-blast-extremo',
    title: 'Full Body Blast: Extremo',
    goal: 'Llevar tu resistencia y tu fuerza al límite en una sola sesión',
    description:
      'Bloques de cardio tipo EMOM, un circuito largo de fuerza metabólica y un finisher de sprints y burpees. Para atletas con buena base: escucha a tu cuerpo y usa el descanso completo.',
    difficulty: 'advanced',
    workoutType: ['full-body', 'hiit', 'endurance'],
    targetMuscles: ['Cuádriceps', 'Glúteos', 'Pectorales', 'Dorsales', 'Hombros', 'Core'],
    requiresEquipment: ['Kettlebell', 'TRX', 'Cuerda para saltar'],
    rounds: [
      round('warmup', 'Calentamiento', 30, [timed('salto-cuerda', 60, 10), timed('mejor-estiramiento-mundo', 45, 10), timed('toques-hombro-plancha', 30, 0)]),
      ...repeated(4, round('cardio', 'Bloque de cardio', 30, [reps('burpees', 12), timed('salto-cuerda', 60, 20)])),
      ...repeated(
        4,
        round('circuit', 'Fuerza metabólica', 75, [
          reps('swing-kettlebell', 20, 15),
          reps('flexiones', 15, 15),
          reps('sentadilla-goblet', 15, 15),
          reps('remo-invertido-trx', 12, 15),
          timed('escaladores', 45, 0),
        ]),
      ),
      ...repeated(2, round('main', 'Finisher', 60, [timed('sprint-en-sitio', 30, 30), reps('burpees', 10, 30), timed('hollow-hold', 30, 0)])),
      standardCooldown(),
    ],
  },
  {
    slug: 'full-body-sin-equipo',
    title: 'Full Body en Casa: Sin Equipo',
    goal: 'Entrenar todo el cuerpo donde estés, sin material',
    description:
      'Una sesión completa con tu peso corporal para los días que no llegas al estudio: piernas, empuje, glúteos y core, y un bloque de cardio suave. Solo necesitas un espacio de dos metros.',
    difficulty: 'beginner',
    workoutType: ['full-body', 'strength'],
    targetMuscles: ['Cuádriceps', 'Glúteos', 'Pectorales', 'Core'],
    requiresEquipment: [],
    rounds: [
      round('warmup', 'Calentamiento', 30, [timed('saltos-tijera', 40, 10), timed('circulos-cadera', 30, 10), timed('circulos-brazos', 30, 0)]),
      ...repeated(
        3,
        round('standard', 'Bloque principal', 60, [
          reps('sentadilla-peso-corporal', 15, 20),
          reps('flexiones-rodillas', 10, 20),
          reps('puente-gluteo', 15, 20),
          reps('zancada-atras-alterna', 12, 20),
          timed('plancha-frontal', 30, 0),
        ]),
      ),
      ...repeated(2, round('circuit', 'Cardio suave', 45, [timed('saltos-tijera', 40, 20), timed('talones-gluteos', 40, 20), timed('rodillas-arriba', 30, 0)])),
      round('cooldown', 'Enfriamiento', 0, [timed('postura-nino', 60), timed('gato-camello', 45)]),
    ],
  },
  {
    slug: 'clasico-60-min',
    title: CLASSIC_CLASS_NAME,
    goal: 'Una hora completa de fuerza, cardio y core como en el estudio',
    description:
      'El formato clásico de sábado: calentamiento, dos bloques de fuerza, intervalos de cardio, un circuito metabólico y core. Una hora de trabajo con el ritmo de una clase grupal de Pulso.',
    difficulty: 'intermediate',
    workoutType: ['full-body', 'endurance', 'strength'],
    targetMuscles: ['Cuádriceps', 'Glúteos', 'Pectorales', 'Dorsales', 'Hombros', 'Core'],
    requiresEquipment: ['Mancuernas', 'Kettlebell', 'Banco', 'Cuerda para saltar', 'Colchoneta'],
    rounds: [
      round('warmup', 'Calentamiento general', 20, [timed('salto-cuerda', 60, 10), timed('saltos-tijera', 60, 10), timed('circulos-brazos', 45, 0)]),
      round('warmup', 'Calentamiento específico', 30, [
        timed('mejor-estiramiento-mundo', 60, 10),
        reps('sentadilla-peso-corporal', 15, 10),
        reps('flexiones-rodillas', 10, 0),
      ]),
      ...repeated(
        3,
        round('strength', 'Fuerza A: piernas', 75, [reps('sentadilla-goblet', 12, 30), reps('peso-muerto-rumano', 12, 30), reps('zancada-caminando', 16, 0)]),
      ),
      ...repeated(
        3,
        round('strength', 'Fuerza B: torso', 75, [reps('press-pecho-mancuernas', 12, 30), reps('remo-mancuerna', 12, 30), reps('press-hombros', 10, 0)]),
      ),
      ...repeated(3, round('cardio', 'Intervalos de cardio', 45, [timed('rodillas-arriba', 40, 20), timed('burpees', 30, 20), timed('salto-cuerda', 60, 0)])),
      ...repeated(
        2,
        round('circuit', 'Circuito metabólico', 60, [
          reps('swing-kettlebell', 15, 15),
          reps('flexiones', 10, 15),
          timed('escaladores', 40, 15),
          timed('sentadilla-con-salto', 30, 0),
        ]),
      ),
      ...repeated(2, round('standard', 'Core', 30, [reps('crunch-abdominal', 20, 15), timed('plancha-lateral', 40, 15), timed('bicho-muerto', 45)])),
      standardCooldown(0),
    ],
  },
  {
    slug: 'core-de-acero',
    title: 'Core de Acero',
    goal: 'Un tronco fuerte y estable que proteja tu espalda',
    description:
      'Antiextensión, antirrotación y equilibrio: planchas, bicho muerto, giros y trabajo a una pierna para un core que sostiene cada golpe y cada sentadilla.',
    difficulty: 'intermediate',
    workoutType: ['core', 'balance'],
    targetMuscles: ['Abdomen', 'Oblicuos', 'Core', 'Lumbares'],
    requiresEquipment: ['Colchoneta'],
    rounds: [
      round('warmup', 'Activación', 20, [timed('gato-camello', 45, 10), timed('bicho-muerto', 40, 10), timed('oso-isometrico', 30, 0)]),
      ...repeated(
        3,
        round('circuit', 'Estabilidad', 45, [
          timed('plancha-frontal', 45, 15),
          timed('plancha-lateral', 30, 15),
          reps('elevacion-piernas', 12, 15),
          timed('giros-rusos', 40, 0),
        ]),
      ),
      ...repeated(
        3,
        round('standard', 'Equilibrio y tronco', 45, [
          reps('peso-muerto-una-pierna', 10, 15),
          timed('alcance-una-pierna', 40, 15),
          timed('hollow-hold', 30, 0),
        ]),
      ),
      round('cooldown', 'Enfriamiento', 0, [timed('cobra', 45, 0), timed('postura-nino', 60, 0)]),
    ],
  },
  {
    slug: 'core-express-15',
    title: 'Core Express 15',
    goal: 'Quince minutos para un abdomen más fuerte',
    description: 'Un bloque corto y eficaz de abdomen y plancha para cerrar cualquier día. Perfecto como complemento de una carrera suave.',
    difficulty: 'beginner',
    workoutType: ['core'],
    targetMuscles: ['Abdomen', 'Oblicuos', 'Core'],
    requiresEquipment: ['Colchoneta'],
    rounds: [
      round('warmup', 'Activación', 15, [timed('gato-camello', 40, 10), timed('bicho-muerto', 30, 0)]),
      ...repeated(
        3,
        round('circuit', 'Circuito de abdomen', 40, [
          reps('crunch-abdominal', 15, 15),
          timed('plancha-frontal', 30, 15),
          timed('bicicleta-abdominal', 40, 15),
          timed('toques-hombro-plancha', 30),
        ]),
      ),
      round('cooldown', 'Estiramiento', 0, [timed('cobra', 40, 0), timed('postura-nino', 60, 0)]),
    ],
  },
  {
    slug: 'pliometria-corredores',
    title: 'Pliometría para Corredores',
    goal: 'Una zancada más elástica y económica',
    description:
      'Saltos de tobillo, patinadores y zancadas con salto para mejorar la rigidez del tendón y la economía de carrera. Complementa tus salidas de running dos veces por semana.',
    difficulty: 'intermediate',
    workoutType: ['plyometric', 'lower-body', 'endurance'],
    targetMuscles: ['Pantorrillas', 'Cuádriceps', 'Glúteos'],
    requiresEquipment: ['Cajón pliométrico'],
    rounds: [
      round('warmup', 'Calentamiento', 30, [timed('talones-gluteos', 40, 10), timed('rodillas-arriba', 40, 10), timed('movilidad-tobillo', 40, 0)]),
      ...repeated(
        4,
        round('main', 'Elasticidad', 60, [
          timed('saltos-tobillo', 30, 20),
          timed('saltos-patinador', 30, 20),
          reps('zancada-con-salto', 10, 20),
          reps('salto-al-cajon', 6, 0),
        ]),
      ),
      ...repeated(2, round('standard', 'Fuerza de apoyo', 45, [reps('sentadilla-bulgara', 10, 20), reps('peso-muerto-una-pierna', 10, 0)])),
      round('cooldown', 'Enfriamiento', 0, [timed('paloma', 60, 0), timed('perro-boca-abajo', 45, 0)]),
    ],
  },
  {
    slug: 'yoga-flow-recuperacion',
    title: 'Yoga Flow de Recuperación',
    goal: 'Soltar tensión y recuperar después de una semana intensa',
    description:
      'Una secuencia suave de saludos al sol, posturas de apertura de cadera y respiración profunda, guiada como en la clase de yoga del estudio. Respira por la nariz y no fuerces ningún rango.',
    difficulty: 'beginner',
    workoutType: ['flexibility', 'mobility', 'balance'],
    targetMuscles: ['Isquiotibiales', 'Flexores de cadera', 'Lumbares', 'Hombros'],
    requiresEquipment: ['Colchoneta'],
    rounds: [
      round('warmup', 'Respiración y movilidad', 15, [timed('postura-nino', 60, 0), timed('gato-camello', 60, 0)]),
      ...repeated(3, round('standard', 'Saludo al sol', 15, [timed('saludo-al-sol', 90, 0), timed('perro-boca-abajo', 45, 0)])),
      round('standard', 'Apertura de cadera', 15, [timed('guerrero-dos', 60, 0), timed('paloma', 90, 0), timed('mejor-estiramiento-mundo', 60, 0)]),
      round('standard', 'Equilibrio', 15, [timed('postura-arbol', 60, 0), timed('postura-avion', 45, 0)]),
      round('cooldown', 'Relajación final', 0, [timed('cobra', 45, 0), timed('postura-nino', 120, 0)]),
    ],
  },
  {
    slug: 'yoga-fuerza-equilibrio',
    title: 'Yoga de Fuerza y Equilibrio',
    goal: 'Fuerza, control y estabilidad a través del yoga',
    description:
      'Posturas sostenidas de guerrero, árbol y avión que exigen fuerza de piernas y core, enlazadas con flujos de saludo al sol. Ideal para mejorar el control corporal que piden el boxeo y la carrera.',
    difficulty: 'intermediate',
    workoutType: ['balance', 'flexibility', 'core'],
    targetMuscles: ['Glúteos', 'Cuádriceps', 'Core', 'Hombros'],
    requiresEquipment: ['Colchoneta'],
    rounds: [
      round('warmup', 'Centrarse', 15, [timed('postura-nino', 60, 0), timed('gato-camello', 60, 0), timed('perro-boca-abajo', 60, 0)]),
      ...repeated(3, round('main', 'Flujo de guerrero', 20, [timed('saludo-al-sol', 90, 0), timed('guerrero-dos', 60, 0), timed('plancha-lateral', 30, 0)])),
      ...repeated(
        3,
        round('standard', 'Equilibrio sostenido', 20, [timed('postura-arbol', 60, 0), timed('postura-avion', 45, 0), timed('alcance-una-pierna', 45, 0)]),
      ),
      round('cooldown', 'Relajación', 0, [timed('paloma', 90, 0), timed('cobra', 45, 0), timed('postura-nino', 90, 0)]),
    ],
  },
  {
    slug: 'movilidad-diaria-10',
    title: 'Movilidad Diaria 10',
    goal: 'Moverte mejor cada día en diez minutos',
    description: 'Una rutina breve de movilidad articular para cadera, columna, tobillos y hombros. Hazla al despertar o antes de cualquier entrenamiento.',
    difficulty: 'beginner',
    workoutType: ['mobility', 'flexibility'],
    targetMuscles: ['Flexores de cadera', 'Lumbares', 'Pantorrillas', 'Hombros'],
    requiresEquipment: ['Colchoneta'],
    rounds: [
      round('warmup', 'Columna', 10, [timed('gato-camello', 45), timed('rotaciones-toracicas', 60, 0)]),
      round('standard', 'Cadera y tobillo', 10, [timed('circulos-cadera', 45), timed('mejor-estiramiento-mundo', 60), timed('movilidad-tobillo', 60, 0)]),
      round('standard', 'Hombros', 10, [timed('circulos-brazos', 45), timed('saludo-al-sol', 60), timed('perro-boca-abajo', 60, 0)]),
      round('cooldown', 'Cierre', 0, [timed('cobra', 45, 0), timed('postura-nino', 60, 0)]),
    ],
  },
  {
    slug: 'movilidad-para-levantar',
    title: 'Movilidad para Levantar',
    goal: 'Preparar cadera, tobillos y hombros para cargar peso con seguridad',
    description:
      'Movilidad activa seguida de patrones de fuerza con carga ligera: sentadilla con pausa, bisagra con banda y face pulls. Úsala antes de tus días de fuerza o como sesión de técnica.',
    difficulty: 'intermediate',
    workoutType: ['mobility', 'strength'],
    targetMuscles: ['Flexores de cadera', 'Glúteos', 'Isquiotibiales', 'Hombros'],
    requiresEquipment: ['Banda elástica', 'Kettlebell', 'Colchoneta'],
    rounds: [
      round('warmup', 'Movilidad activa', 20, [
        timed('circulos-cadera', 45, 10),
        timed('movilidad-tobillo', 45, 10),
        timed('rotaciones-toracicas', 45, 10),
        timed('mejor-estiramiento-mundo', 60, 0),
      ]),
      ...repeated(
        3,
        round('strength', 'Patrones con carga ligera', 45, [reps('sentadilla-con-pausa', 8, 20), reps('buenos-dias', 12, 20), reps('face-pull-banda', 15, 0)]),
      ),
      ...repeated(2, round('standard', 'Control', 30, [reps('sentadilla-goblet', 10, 20), timed('oso-isometrico', 30, 0)])),
      round('cooldown', 'Enfriamiento', 0, [timed('paloma', 60, 0), timed('postura-nino', 45, 0)]),
    ],
  },
  {
    slug: 'tabata-pulso',
    title: 'Tabata Pulso',
    goal: 'Máxima intensidad en bloques de 20 segundos',
    description:
      'Cuatro bloques Tabata de ocho series: 20 segundos a fondo y 10 de descanso. Es el temporizador TABATA integrado llevado a una clase completa. Mira tu frecuencia cardiaca: debería subir a zona roja en cada bloque.',
    difficulty: 'advanced',
    workoutType: ['hiit', 'cardio'],
    targetMuscles: ['Cuádriceps', 'Glúteos', 'Core', 'Hombros'],
    requiresEquipment: [],
    rounds: [
      round('warmup', 'Calentamiento', 30, [timed('saltos-tijera', 60, 10), timed('rodillas-arriba', 45, 10), timed('mejor-estiramiento-mundo', 60, 0)]),
      round(
        'cardio',
        'Tabata 1: piernas',
        60,
        Array.from({ length: 8 }, (_, i) => timed(i % 2 ? 'sentadilla-con-salto' : 'sprint-en-sitio', 20, 10)),
      ),
      round(
        'cardio',
        'Tabata 2: tren superior',
        60,
        Array.from({ length: 8 }, (_, i) => timed(i % 2 ? 'escaladores' : 'flexiones', 20, 10)),
      ),
      round(
        'cardio',
        'Tabata 3: golpes',
        60,
        Array.from({ length: 8 }, (_, i) => timed(i % 2 ? 'uppercuts' : 'jab-cross', 20, 10)),
      ),
      round(
        'cardio',
        'Tabata 4: todo el cuerpo',
        60,
        Array.from({ length: 8 }, (_, i) => timed(i % 2 ? 'saltos-patinador' : 'burpees', 20, 10)),
      ),
      round('cooldown', 'Enfriamiento', 0, [timed('postura-nino', 60, 0), timed('paloma', 60, 0), timed('cobra', 45, 0), timed('perro-boca-abajo', 60, 0)]),
    ],
  },
  {
    slug: 'resistencia-metabolica-45',
    title: 'Resistencia Metabólica 45',
    goal: 'Sostener un esfuerzo alto durante 45 minutos',
    description:
      'Bloques largos de trabajo continuo que alternan cardio, fuerza y golpes. Entrena tu capacidad de mantener la zona naranja sin apagarte: ritmo constante, respiración controlada.',
    difficulty: 'advanced',
    workoutType: ['endurance', 'full-body', 'cardio'],
    targetMuscles: ['Cuádriceps', 'Glúteos', 'Hombros', 'Core', 'Pantorrillas'],
    requiresEquipment: ['Kettlebell', 'Cuerda para saltar', 'Saco de boxeo', 'Guantes de boxeo'],
    rounds: [
      round('warmup', 'Calentamiento', 30, [timed('salto-cuerda', 90, 10), timed('mejor-estiramiento-mundo', 60, 10), timed('boxeo-sombra', 90, 0)]),
      ...repeated(
        4,
        round('cardio', 'Bloque continuo', 60, [
          timed('salto-cuerda', 90, 10),
          reps('swing-kettlebell', 20, 10),
          timed('golpes-saco', 90, 10),
          reps('zancada-caminando', 20, 10),
          timed('escaladores', 45, 0),
        ]),
      ),
      ...repeated(2, round('main', 'Cierre de resistencia', 45, [timed('rodillas-arriba', 60, 15), reps('burpees', 12, 15), timed('plancha-frontal', 60, 0)])),
      standardCooldown(0),
    ],
  },
  {
    slug: 'fuerza-con-mancuernas',
    title: 'Fuerza con Mancuernas',
    goal: 'Ganar fuerza en los grandes patrones de movimiento',
    description:
      'Series pesadas de sentadilla, bisagra, empuje y tirón con descansos completos. Usa un peso que te deje dos repeticiones en reserva y anota tus cargas para progresar cada semana.',
    difficulty: 'intermediate',
    workoutType: ['strength', 'full-body'],
    targetMuscles: ['Cuádriceps', 'Glúteos', 'Isquiotibiales', 'Pectorales', 'Dorsales'],
    requiresEquipment: ['Mancuernas', 'Kettlebell', 'Banco'],
    rounds: [
      round('warmup', 'Calentamiento', 30, [timed('circulos-cadera', 40, 10), reps('sentadilla-peso-corporal', 12, 10), reps('flexiones-rodillas', 10, 0)]),
      ...repeated(4, round('strength', 'Sentadilla y press', 90, [reps('sentadilla-goblet', 10, 60), reps('press-pecho-mancuernas', 10, 0)])),
      ...repeated(4, round('strength', 'Bisagra y remo', 90, [reps('peso-muerto-rumano', 10, 60), reps('remo-mancuerna', 10, 0)])),
      ...repeated(3, round('superset', 'Accesorios', 60, [reps('sentadilla-bulgara', 8, 0), reps('press-hombros', 10, 0), reps('hip-thrust', 12, 0)])),
      round('cooldown', 'Enfriamiento', 0, [timed('paloma', 60), timed('postura-nino', 60, 0)]),
    ],
  },
  {
    slug: 'equilibrio-estabilidad',
    title: 'Equilibrio y Estabilidad',
    goal: 'Mejorar el control corporal y prevenir lesiones',
    description:
      'Trabajo a una pierna, planchas y movilidad para tobillos, rodillas y cadera más estables. Una sesión tranquila pero muy útil para corredores y para quien vuelve a entrenar.',
    difficulty: 'beginner',
    workoutType: ['balance', 'core', 'mobility'],
    targetMuscles: ['Glúteos', 'Pantorrillas', 'Core'],
    requiresEquipment: ['Colchoneta'],
    rounds: [
      round('warmup', 'Movilidad', 20, [timed('movilidad-tobillo', 45, 10), timed('circulos-cadera', 45, 10), timed('gato-camello', 45, 0)]),
      ...repeated(
        3,
        round('standard', 'Una pierna', 45, [
          timed('postura-arbol', 40, 15),
          reps('peso-muerto-una-pierna', 8, 15),
          timed('alcance-una-pierna', 40, 15),
          timed('postura-avion', 30, 0),
        ]),
      ),
      ...repeated(2, round('circuit', 'Tronco estable', 30, [timed('bicho-muerto', 40, 15), timed('plancha-lateral', 30, 15), reps('puente-gluteo', 12)])),
      round('cooldown', 'Enfriamiento', 0, [timed('paloma', 60, 0), timed('postura-nino', 60, 0)]),
    ],
  },
  {
    slug: 'estiramiento-post-carrera',
    title: 'Estiramiento Post-Carrera',
    goal: 'Recuperar las piernas después de correr',
    description: 'Estiramientos y movilidad para pantorrillas, isquiotibiales, cadera y espalda baja. Hazla justo después de tu carrera, todavía en calor.',
    difficulty: 'beginner',
    workoutType: ['flexibility', 'mobility'],
    targetMuscles: ['Pantorrillas', 'Isquiotibiales', 'Flexores de cadera', 'Glúteos'],
    requiresEquipment: ['Colchoneta'],
    rounds: [
      round('warmup', 'Soltar piernas', 10, [timed('movilidad-tobillo', 45, 0), timed('circulos-cadera', 45, 0)]),
      round('standard', 'Cadena posterior', 10, [timed('perro-boca-abajo', 60, 0), timed('mejor-estiramiento-mundo', 90, 0)]),
      round('standard', 'Cadera', 10, [timed('paloma', 120, 0), timed('guerrero-dos', 60, 0)]),
      round('cooldown', 'Espalda baja', 0, [timed('gato-camello', 45, 0), timed('postura-nino', 90, 0)]),
    ],
  },
  {
    slug: 'potencia-atletica',
    title: 'Potencia Atlética',
    goal: 'Entrenar como un atleta de alto rendimiento',
    description:
      'Inspirada en la preparación de atletas de pista: saltos, lanzamientos de fuerza con kettlebell, sprints y fuerza unilateral. Alta exigencia técnica y nerviosa; descansa lo necesario para que cada repetición sea explosiva.',
    difficulty: 'advanced',
    workoutType: ['plyometric', 'strength', 'full-body'],
    targetMuscles: ['Cuádriceps', 'Glúteos', 'Isquiotibiales', 'Hombros', 'Core'],
    requiresEquipment: ['Cajón pliométrico', 'Kettlebell', 'Mancuernas', 'Banco'],
    rounds: [
      round('warmup', 'Activación atlética', 30, [
        timed('talones-gluteos', 40, 10),
        timed('rodillas-arriba', 40, 10),
        timed('saltos-tobillo', 30, 10),
        timed('mejor-estiramiento-mundo', 60, 0),
      ]),
      ...repeated(4, round('main', 'Saltos y sprints', 75, [reps('salto-al-cajon', 5, 45), timed('sprint-en-sitio', 15, 45), reps('zancada-con-salto', 8, 0)])),
      ...repeated(
        4,
        round('strength', 'Fuerza unilateral', 90, [reps('sentadilla-bulgara', 8, 30), reps('peso-muerto-una-pierna', 8, 30), reps('press-hombros', 8, 0)]),
      ),
      ...repeated(
        3,
        round('circuit', 'Potencia de cadera', 60, [reps('swing-kettlebell', 15, 20), timed('saltos-patinador', 30, 20), timed('hollow-hold', 30, 0)]),
      ),
      round('cooldown', 'Enfriamiento', 0, [timed('paloma', 60, 0), timed('perro-boca-abajo', 60, 0), timed('postura-nino', 60, 0)]),
    ],
  },
];
