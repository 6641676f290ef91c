import { Building2, Check, Medal, UserRound } from 'lucide-react';
import { Link } from 'react-router-dom';
import { PageMeta } from '../../shared/ui/page-meta';
import { PageHero } from './page-hero';

const OFFERS = [
  {
    icon: UserRound,
    title: 'Entrenamiento personal',
    text: 'Un entrenador para ti, con evaluación inicial, plan por bloques y métricas de frecuencia cardiaca en cada sesión.',
    points: ['Evaluación física y de frecuencia cardiaca', 'Plan de 8 a 12 semanas con revisiones', 'Sesiones en el estudio o al aire libre'],
  },
  {
    icon: Building2,
    title: 'Programas corporativos',
    text: 'Bienestar medible para tu equipo: clases privadas, retos entre áreas y reportes de participación para Recursos Humanos.',
    points: ['Clases privadas en el estudio o en tu empresa', 'Retos por equipos con tablas en vivo', 'Reporte mensual de participación'],
  },
  {
    icon: Medal,
    title: 'Alto rendimiento',
    text: 'Preparación física para equipos y atletas, con la metodología que usamos al competir por El Salvador.',
    points: ['Pruebas de umbral y zonas individuales', 'Periodización por temporada', 'Prevención de lesiones y recuperación'],
  },
];

export function SpecialisedTrainingPage() {
  return (
    <main>
      <PageMeta
        title="Entrenamiento Especializado"
        description="Entrenamiento personal, programas corporativos y preparación de alto rendimiento para equipos y atletas en Santa Tecla, guiados por datos de frecuencia cardiaca."
      />
      <PageHero eyebrow="A tu medida" title="Entrenamiento Especializado">
        Cuando el objetivo es concreto, el plan también. Personas, empresas y atletas entrenan con nosotros con la misma precisión.
      </PageHero>
      <section className="section section--soft">
        <div className="container">
          <div className="row g-4">
            {OFFERS.map(({ icon: Icon, title, text, points }) => (
              <div className="col-lg-4" key={title}>
                <article className="action-card">
                  <span className="tile__icon" aria-hidden="true">
                    <Icon size={24} />
                  </span>
                  <h2>{title}</h2>
                  <p>{text}</p>
                  <ul className="check-list mt-0">
                    {points.map((point) => (
                      <li key={point}>
                        <Check size={18} aria-hidden="true" />
                        <span>{point}</span>
                      </li>
                    ))}
                  </ul>
                  <Link to="/contactanos" className="btn btn-brand">
                    Solicitar información
                  </Link>
                </article>
              </div>
            ))}
          </div>
        </div>
      </section>
      <section className="section">
        <div className="container feature-split">
          <img
            className="feature-art"
            src="/images/specialised.svg"
            alt="Ilustración de un atleta en una pista de entrenamiento"
            width={640}
            height={520}
            loading="lazy"
            decoding="async"
          />
          <div>
            <p className="eyebrow">Metodología</p>
            <h2 className="section-title">De la pista a tu plan</h2>
            <p className="section-lead">
              Medimos, planificamos y ajustamos. Cada programa empieza con una evaluación, se divide en bloques con objetivos claros y se revisa con tus datos,
              no con sensaciones.
            </p>
            <Link to="/contactanos" className="btn btn-outline-brand btn-lg mt-3">
              Hablemos de tu objetivo
            </Link>
          </div>
        </div>
      </section>
    </main>
  );
}
