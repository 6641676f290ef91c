import { Dumbbell, Flame, Footprints, HeartPulse, Swords, Wind } from 'lucide-react';
import { CLASS_LENGTH_MIN, CLASSIC_CLASS_NAME } from '../../shared/lib/class-length';
import { PageMeta } from '../../shared/ui/page-meta';
import { FreeClassCta } from './free-class-cta';
import { IconTile } from './icon-tile';
import { PageHero } from './page-hero';

const WEEK = [
  { day: 'Lunes', name: 'Box and Burn' },
  { day: 'Martes', name: 'Upper Body and Abs' },
  { day: 'Miércoles', name: 'Box and Burn' },
  { day: 'Jueves', name: 'Lower Body Power' },
  { day: 'Viernes', name: 'Box and Burn' },
  { day: 'Sábado', name: CLASSIC_CLASS_NAME },
];

const METHODS = [
  {
    icon: HeartPulse,
    title: 'Intervalos por zonas',
    text: 'Bloques de trabajo y recuperación guiados por tu frecuencia cardiaca: pasas tiempo en zona 4 y 5 sin quemarte, y recuperas en zona 2.',
  },
  {
    icon: Swords,
    title: 'Boxeo funcional',
    text: 'Combinaciones en saco, desplazamientos y core. Coordinación, potencia y un cardio que no se siente como cardio.',
  },
  {
    icon: Dumbbell,
    title: 'Fuerza',
    text: 'Patrones básicos —empujar, jalar, sentadilla, bisagra— con progresión de cargas para ganar músculo y proteger tus articulaciones.',
  },
  { icon: Flame, title: 'TABATA y HIIT', text: '20 segundos a fondo, 10 de descanso. Protocolos cortos e intensos para cerrar la clase con todo.' },
  {
    icon: Footprints,
    title: 'Carrera',
    text: 'Sesiones de técnica y ritmo heredadas de la pista: rodajes, series y cambios de ritmo para correr mejor y más lejos.',
  },
  { icon: Wind, title: 'Yoga y movilidad', text: 'Respiración, flexibilidad y control para recuperar, prevenir lesiones y equilibrar la semana.' },
];

export function TrainingMethodsPage() {
  return (
    <main>
      <PageMeta
        title="Métodos de Entrenamiento"
        description="Intervalos por zonas de frecuencia cardiaca, boxeo funcional, fuerza, TABATA, carrera y yoga. Conoce cómo entrenamos en Pulso y la clase de cada día."
      />
      <PageHero eyebrow="Cómo entrenamos" title="Métodos de Entrenamiento">
        Clases de {CLASS_LENGTH_MIN} minutos con calentamiento, bloque principal y enfriamiento. La intensidad la marca tu corazón, no el ego.
      </PageHero>
      <section className="section">
        <div className="container">
          <p className="eyebrow">Nuestros métodos</p>
          <h2 className="section-title">Seis formas de moverte mejor</h2>
          <div className="tile-grid tile-grid--3 mt-4">
            {METHODS.map(({ icon, title, text }) => (
              <IconTile key={title} icon={icon} title={title}>
                {text}
              </IconTile>
            ))}
          </div>
        </div>
      </section>
      <section className="section section--navy">
        <div className="container">
          <p className="eyebrow">La semana en Pulso</p>
          <h2 className="section-title text-white">Cada día tiene su enfoque</h2>
          <p className="section-lead mb-5">Así trabajas todo el cuerpo a lo largo de la semana y llegas descansado a lo que más exige.</p>
          <div className="tile-grid tile-grid--3">
            {WEEK.map((entry) => (
              <div className="tile" key={entry.day}>
                <p className="eyebrow mb-2">{entry.day}</p>
                <h3 className="fs-4">{entry.name}</h3>
              </div>
            ))}
          </div>
        </div>
      </section>
      <FreeClassCta />
    </main>
  );
}
