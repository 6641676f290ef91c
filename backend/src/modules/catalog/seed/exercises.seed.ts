import type { ExerciseSeed } from './seed-builders';

/** The studio's exercise bank. A slug is permanent: workouts and history refer to it. */
export const EXERCISES: ExerciseSeed[] = [
  // Sentadillas
  { slug: 'sentadilla-peso-corporal', name: 'Sentadilla con peso corporal', primaryMuscles: ['Cuádriceps', 'Glúteos'], family: 'sentadilla', equipment: [] },
  { slug: 'sentadilla-goblet', name: 'Sentadilla goblet', primaryMuscles: ['Cuádriceps', 'Glúteos', 'Core'], family: 'sentadilla', equipment: ['Kettlebell'] },
  {
    slug: 'sentadilla-sumo',
    name: 'Sentadilla sumo con mancuerna',
    primaryMuscles: ['Aductores', 'Glúteos', 'Cuádriceps'],
    family: 'sentadilla',
    equipment: ['Mancuernas'],
  },
  { slug: 'sentadilla-isometrica-pared', name: 'Sentadilla isométrica en pared', primaryMuscles: ['Cuádriceps'], family: 'sentadilla', equipment: [] },
  { slug: 'sentadilla-con-pausa', name: 'Sentadilla con pausa abajo', primaryMuscles: ['Cuádriceps', 'Glúteos'], family: 'sentadilla', equipment: [] },

  // Zancadas
  { slug: 'zancada-atras-alterna', name: 'Zancada hacia atrás alterna', primaryMuscles: ['Cuádriceps', 'Glúteos'], family: 'zancada', equipment: [] },
  {
    slug: 'zancada-caminando',
    name: 'Zancada caminando con mancuernas',
    primaryMuscles: ['Cuádriceps', 'Glúteos', 'Isquiotibiales'],
    family: 'zancada',
    equipment: ['Mancuernas'],
  },
  { slug: 'sentadilla-bulgara', name: 'Sentadilla búlgara', primaryMuscles: ['Cuádriceps', 'Glúteos'], family: 'zancada', equipment: ['Banco'] },
  { slug: 'zancada-lateral', name: 'Zancada lateral', primaryMuscles: ['Aductores', 'Glúteos'], family: 'zancada', equipment: [] },
  { slug: 'subida-al-cajon', name: 'Subida al cajón', primaryMuscles: ['Cuádriceps', 'Glúteos'], family: 'zancada', equipment: ['Cajón pliométrico'] },

  // Bisagra de cadera
  {
    slug: 'peso-muerto-rumano',
    name: 'Peso muerto rumano con mancuernas',
    primaryMuscles: ['Isquiotibiales', 'Glúteos', 'Lumbares'],
    family: 'bisagra',
    equipment: ['Mancuernas'],
  },
  { slug: 'puente-gluteo', name: 'Puente de glúteo', primaryMuscles: ['Glúteos', 'Isquiotibiales'], family: 'bisagra', equipment: ['Colchoneta'] },
  { slug: 'hip-thrust', name: 'Hip thrust con mancuerna', primaryMuscles: ['Glúteos'], family: 'bisagra', equipment: ['Banco', 'Mancuernas'] },
  {
    slug: 'swing-kettlebell',
    name: 'Swing con kettlebell',
    primaryMuscles: ['Glúteos', 'Isquiotibiales', 'Core'],
    family: 'bisagra',
    equipment: ['Kettlebell'],
  },
  { slug: 'buenos-dias', name: 'Buenos días con banda', primaryMuscles: ['Isquiotibiales', 'Lumbares'], family: 'bisagra', equipment: ['Banda elástica'] },

  // Empuje
  { slug: 'flexiones', name: 'Flexiones de pecho', primaryMuscles: ['Pectorales', 'Tríceps', 'Hombros'], family: 'empuje', equipment: [] },
  {
    slug: 'flexiones-rodillas',
    name: 'Flexiones con rodillas apoyadas',
    primaryMuscles: ['Pectorales', 'Tríceps'],
    family: 'empuje',
    equipment: ['Colchoneta'],
  },
  { slug: 'press-hombros', name: 'Press de hombros con mancuernas', primaryMuscles: ['Hombros', 'Tríceps'], family: 'empuje', equipment: ['Mancuernas'] },
  {
    slug: 'press-pecho-mancuernas',
    name: 'Press de pecho con mancuernas',
    primaryMuscles: ['Pectorales', 'Tríceps'],
    family: 'empuje',
    equipment: ['Mancuernas', 'Banco'],
  },
  { slug: 'fondos-banco', name: 'Fondos de tríceps en banco', primaryMuscles: ['Tríceps', 'Pectorales'], family: 'empuje', equipment: ['Banco'] },
  { slug: 'flexiones-pike', name: 'Flexiones pike', primaryMuscles: ['Hombros', 'Tríceps'], family: 'empuje', equipment: [] },

  // Tirón
  {
    slug: 'remo-mancuerna',
    name: 'Remo con mancuerna a una mano',
    primaryMuscles: ['Dorsales', 'Romboides', 'Bíceps'],
    family: 'tiron',
    equipment: ['Mancuernas', 'Banco'],
  },
  { slug: 'remo-invertido-trx', name: 'Remo invertido en TRX', primaryMuscles: ['Dorsales', 'Romboides'], family: 'tiron', equipment: ['TRX'] },
  { slug: 'curl-biceps', name: 'Curl de bíceps con mancuernas', primaryMuscles: ['Bíceps', 'Antebrazos'], family: 'tiron', equipment: ['Mancuernas'] },
  { slug: 'face-pull-banda', name: 'Face pull con banda', primaryMuscles: ['Hombros', 'Trapecio'], family: 'tiron', equipment: ['Banda elástica'] },
  { slug: 'jalon-banda', name: 'Jalón con banda elástica', primaryMuscles: ['Dorsales', 'Bíceps'], family: 'tiron', equipment: ['Banda elástica'] },

  // Plancha y estabilidad del tronco
  { slug: 'plancha-frontal', name: 'Plancha frontal', primaryMuscles: ['Core', 'Abdomen'], family: 'plancha', equipment: ['Colchoneta'] },
  { slug: 'plancha-lateral', name: 'Plancha lateral', primaryMuscles: ['Oblicuos', 'Core'], family: 'plancha', equipment: ['Colchoneta'] },
  { slug: 'escaladores', name: 'Escaladores', primaryMuscles: ['Core', 'Hombros', 'Flexores de cadera'], family: 'plancha', equipment: [] },
  { slug: 'toques-hombro-plancha', name: 'Toques de hombro en plancha', primaryMuscles: ['Core', 'Hombros'], family: 'plancha', equipment: [] },
  { slug: 'oso-isometrico', name: 'Oso isométrico', primaryMuscles: ['Core', 'Cuádriceps', 'Hombros'], family: 'plancha', equipment: [] },

  // Abdomen
  { slug: 'crunch-abdominal', name: 'Crunch abdominal', primaryMuscles: ['Abdomen'], family: 'abdomen', equipment: ['Colchoneta'] },
  { slug: 'bicho-muerto', name: 'Bicho muerto', primaryMuscles: ['Abdomen', 'Core'], family: 'abdomen', equipment: ['Colchoneta'] },
  { slug: 'giros-rusos', name: 'Giros rusos', primaryMuscles: ['Oblicuos', 'Abdomen'], family: 'abdomen', equipment: ['Colchoneta'] },
  { slug: 'elevacion-piernas', name: 'Elevación de piernas', primaryMuscles: ['Abdomen', 'Flexores de cadera'], family: 'abdomen', equipment: ['Colchoneta'] },
  { slug: 'hollow-hold', name: 'Hollow hold', primaryMuscles: ['Abdomen', 'Core'], family: 'abdomen', equipment: ['Colchoneta'] },
  { slug: 'bicicleta-abdominal', name: 'Bicicleta abdominal', primaryMuscles: ['Oblicuos', 'Abdomen'], family: 'abdomen', equipment: ['Colchoneta'] },

  // Saltos (pliometría)
  { slug: 'sentadilla-con-salto', name: 'Sentadilla con salto', primaryMuscles: ['Cuádriceps', 'Glúteos', 'Pantorrillas'], family: 'salto', equipment: [] },
  { slug: 'salto-al-cajon', name: 'Salto al cajón', primaryMuscles: ['Cuádriceps', 'Glúteos'], family: 'salto', equipment: ['Cajón pliométrico'] },
  { slug: 'zancada-con-salto', name: 'Zancada con salto', primaryMuscles: ['Cuádriceps', 'Glúteos'], family: 'salto', equipment: [] },
  { slug: 'saltos-patinador', name: 'Saltos de patinador', primaryMuscles: ['Glúteos', 'Aductores', 'Pantorrillas'], family: 'salto', equipment: [] },
  { slug: 'saltos-tobillo', name: 'Saltos de tobillo (pogo)', primaryMuscles: ['Pantorrillas'], family: 'salto', equipment: [] },

  // Boxeo
  { slug: 'jab-cross', name: 'Jab y cross', primaryMuscles: ['Hombros', 'Core', 'Pectorales'], family: 'boxeo', equipment: ['Guantes de boxeo'] },
  { slug: 'ganchos-alternos', name: 'Ganchos alternos', primaryMuscles: ['Oblicuos', 'Hombros'], family: 'boxeo', equipment: ['Guantes de boxeo'] },
  { slug: 'uppercuts', name: 'Uppercuts', primaryMuscles: ['Hombros', 'Bíceps', 'Core'], family: 'boxeo', equipment: ['Guantes de boxeo'] },
  {
    slug: 'combo-1-2-gancho',
    name: 'Combinación 1-2-gancho',
    primaryMuscles: ['Hombros', 'Core', 'Oblicuos'],
    family: 'boxeo',
    equipment: ['Guantes de boxeo'],
  },
  {
    slug: 'golpes-saco',
    name: 'Golpes al saco',
    primaryMuscles: ['Hombros', 'Pectorales', 'Core'],
    family: 'boxeo',
    equipment: ['Saco de boxeo', 'Guantes de boxeo'],
  },
  { slug: 'esquiva-contragolpe', name: 'Esquiva y contragolpe', primaryMuscles: ['Cuádriceps', 'Core', 'Hombros'], family: 'boxeo', equipment: [] },
  { slug: 'boxeo-sombra', name: 'Boxeo de sombra', primaryMuscles: ['Hombros', 'Core', 'Pantorrillas'], family: 'boxeo', equipment: [] },

  // Cardio
  { slug: 'saltos-tijera', name: 'Saltos de tijera', primaryMuscles: ['Pantorrillas', 'Hombros'], family: 'cardio', equipment: [] },
  { slug: 'rodillas-arriba', name: 'Rodillas arriba', primaryMuscles: ['Flexores de cadera', 'Cuádriceps'], family: 'cardio', equipment: [] },
  { slug: 'burpees', name: 'Burpees', primaryMuscles: ['Cuádriceps', 'Pectorales', 'Core'], family: 'cardio', equipment: [] },
  { slug: 'salto-cuerda', name: 'Salto de cuerda', primaryMuscles: ['Pantorrillas', 'Hombros'], family: 'cardio', equipment: ['Cuerda para saltar'] },
  { slug: 'talones-gluteos', name: 'Talones a glúteos', primaryMuscles: ['Isquiotibiales', 'Pantorrillas'], family: 'cardio', equipment: [] },
  { slug: 'sprint-en-sitio', name: 'Sprint en el sitio', primaryMuscles: ['Cuádriceps', 'Pantorrillas'], family: 'cardio', equipment: [] },

  // Movilidad
  { slug: 'circulos-cadera', name: 'Círculos de cadera', primaryMuscles: ['Flexores de cadera', 'Glúteos'], family: 'movilidad', equipment: [] },
  {
    slug: 'rotaciones-toracicas',
    name: 'Rotaciones torácicas en cuadrupedia',
    primaryMuscles: ['Dorsales', 'Oblicuos'],
    family: 'movilidad',
    equipment: ['Colchoneta'],
  },
  { slug: 'movilidad-tobillo', name: 'Movilidad de tobillo contra la pared', primaryMuscles: ['Pantorrillas'], family: 'movilidad', equipment: [] },
  { slug: 'gato-camello', name: 'Gato-camello', primaryMuscles: ['Lumbares', 'Core'], family: 'movilidad', equipment: ['Colchoneta'] },
  {
    slug: 'mejor-estiramiento-mundo',
    name: 'El mejor estiramiento del mundo',
    primaryMuscles: ['Flexores de cadera', 'Isquiotibiales', 'Dorsales'],
    family: 'movilidad',
    equipment: [],
  },
  { slug: 'circulos-brazos', name: 'Círculos de brazos', primaryMuscles: ['Hombros'], family: 'movilidad', equipment: [] },

  // Yoga
  {
    slug: 'perro-boca-abajo',
    name: 'Perro boca abajo',
    primaryMuscles: ['Isquiotibiales', 'Pantorrillas', 'Hombros'],
    family: 'yoga',
    equipment: ['Colchoneta'],
  },
  { slug: 'postura-nino', name: 'Postura del niño', primaryMuscles: ['Lumbares', 'Dorsales'], family: 'yoga', equipment: ['Colchoneta'] },
  { slug: 'guerrero-dos', name: 'Guerrero II', primaryMuscles: ['Cuádriceps', 'Glúteos', 'Hombros'], family: 'yoga', equipment: ['Colchoneta'] },
  { slug: 'cobra', name: 'Cobra', primaryMuscles: ['Lumbares', 'Abdomen'], family: 'yoga', equipment: ['Colchoneta'] },
  { slug: 'paloma', name: 'Postura de la paloma', primaryMuscles: ['Glúteos', 'Flexores de cadera'], family: 'yoga', equipment: ['Colchoneta'] },
  { slug: 'saludo-al-sol', name: 'Saludo al sol', primaryMuscles: ['Isquiotibiales', 'Hombros', 'Core'], family: 'yoga', equipment: ['Colchoneta'] },

  // Equilibrio
  {
    slug: 'peso-muerto-una-pierna',
    name: 'Peso muerto a una pierna',
    primaryMuscles: ['Isquiotibiales', 'Glúteos', 'Core'],
    family: 'equilibrio',
    equipment: [],
  },
  { slug: 'postura-arbol', name: 'Postura del árbol', primaryMuscles: ['Pantorrillas', 'Core'], family: 'equilibrio', equipment: ['Colchoneta'] },
  {
    slug: 'alcance-una-pierna',
    name: 'Equilibrio a una pierna con alcance',
    primaryMuscles: ['Glúteos', 'Pantorrillas', 'Core'],
    family: 'equilibrio',
    equipment: [],
  },
  { slug: 'postura-avion', name: 'Postura del avión', primaryMuscles: ['Glúteos', 'Lumbares', 'Core'], family: 'equilibrio', equipment: [] },
];
