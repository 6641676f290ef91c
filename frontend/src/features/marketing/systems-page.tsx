import { BarChart3, Bluetooth, CalendarDays, Check, HeartPulse, MonitorSmartphone, Timer } from 'lucide-react';
import { PageMeta } from '../../shared/ui/page-meta';
import { FreeClassCta } from './free-class-cta';
import { IconTile } from './icon-tile';
import { PageHero } from './page-hero';

const ZONES = [
  { name: 'Zona 1 · Calentamiento', range: '50–60 %', color: '#8a96a8' },
  { name: 'Zona 2 · Base', range: '60–70 %', color: '#4d9bf0' },
  { name: 'Zona 3 · Ritmo', range: '70–80 %', color: '#2bb673' },
  { name: 'Zona 4 · Umbral', range: '80–90 %', color: '#f5a623' },
  { name: 'Zona 5 · Máximo', range: '90–100 %', color: '#ff5a6a' },
];

export function SystemsPage() {
  return (
    <main>
      <PageMeta
        title="Nuestros Sistemas"
        description="Sensores de frecuencia cardiaca, pantallas en vivo y la app de Pulso: así medimos cada clase para que entrenes en la zona correcta y veas tu progreso."
      />
      <PageHero eyebrow="Tecnología" title="Nuestros Sistemas">
        Entrenar sin datos es adivinar. En Pulso cada clase se mide: tu corazón marca la intensidad, la pantalla te guía y la app guarda tu historia.
      </PageHero>
      <section className="section">
        <div className="container feature-split">
          <img
            className="feature-art"
            src="/images/app-systems.svg"
            alt="Pantalla de la app con zonas de frecuencia cardiaca"
            width={640}
            height={520}
            loading="lazy"
            decoding="async"
          />
          <div>
            <p className="eyebrow">En la clase</p>
            <h2 className="section-title">Tu corazón en la pantalla</h2>
            <p className="section-lead">
              Cada persona usa una banda de pecho que transmite su frecuencia cardiaca al sistema del estudio. En las pantallas ves tu zona de esfuerzo, tus
              calorías y tus puntos de intensidad en tiempo real.
            </p>
            <div className="zone-bar" aria-hidden="true">
              {ZONES.map((zone) => (
                <span key={zone.name} style={{ background: zone.color }} />
              ))}
            </div>
            <ul className="check-list">
              {ZONES.map((zone) => (
                <li key={zone.name}>
                  <HeartPulse size={20} aria-hidden="true" style={{ color: zone.color }} />
                  <span>
                    <strong>{zone.name}</strong> — {zone.range} de tu frecuencia máxima
                  </span>
                </li>
              ))}
            </ul>
          </div>
        </div>
      </section>
      <section className="section section--navy">
        <div className="container">
          <p className="eyebrow">El ecosistema</p>
          <h2 className="section-title text-white">Cuatro piezas, un solo objetivo</h2>
          <p className="section-lead mb-5">Que sepas exactamente qué hiciste hoy y qué te toca mañana.</p>
          <div className="tile-grid">
            <IconTile icon={Bluetooth} title="Sensor de frecuencia cardiaca">
              Banda de pecho con Bluetooth y ANT+, precisión de grado clínico y batería para meses. Se vincula a tu cuenta una vez.
            </IconTile>
            <IconTile icon={MonitorSmartphone} title="Pantallas en vivo">
              El coach ve a todo el grupo y ajusta la intensidad al momento; tú ves tu zona y sabes cuándo apretar y cuándo recuperar.
            </IconTile>
            <IconTile icon={BarChart3} title="Resumen después de cada clase">
              Minutos por zona, frecuencia media y máxima, calorías y tu comparación con clases anteriores, directo a tu correo.
            </IconTile>
            <IconTile icon={CalendarDays} title="La app de Pulso">
              Reserva clases, sigue tu plan, usa el temporizador TABATA integrado y mira videos guiados de cada ejercicio.
            </IconTile>
          </div>
        </div>
      </section>
      <section className="section section--soft">
        <div className="container feature-split feature-split--reverse">
          <img className="feature-art" src="/images/sensor.svg" alt="Banda de frecuencia cardiaca" width={640} height={480} loading="lazy" decoding="async" />
          <div>
            <p className="eyebrow">Plataforma de entrenamiento</p>
            <h2 className="section-title">Sigue entrenando fuera del estudio</h2>
            <p className="section-lead">Nuestra plataforma en línea te acompaña los días que no vienes a clase.</p>
            <ul className="check-list">
              {[
                'Planes personalizados según tu objetivo y nivel',
                'Seguimiento diario de tu progreso y tus rachas',
                'Temporizador TABATA integrado',
                'Videos guiados de cada ejercicio',
                'Calendario de entrenamientos',
              ].map((item) => (
                <li key={item}>
                  <Check size={20} aria-hidden="true" />
                  <span>{item}</span>
                </li>
              ))}
            </ul>
            <p className="d-flex align-items-center gap-2 text-secondary mb-0">
              <Timer size={18} aria-hidden="true" /> 7 días de prueba gratis, sin pagar nada hasta que termine.
            </p>
          </div>
        </div>
      </section>
      <FreeClassCta title="Compruébalo en tu primera clase" />
    </main>
  );
}
