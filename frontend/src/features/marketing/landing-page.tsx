import { Activity, ArrowRight, Check, Star } from 'lucide-react';
import { Link } from 'react-router-dom';
import { CLASS_LENGTH_MIN } from '../../shared/lib/class-length';
import { PageMeta } from '../../shared/ui/page-meta';
import { CtaBand } from './cta-band';
import { LandingImage } from './landing-image';
import { TrainerCarousel } from './trainer-carousel';
import { TRAINERS } from './trainers';

const REVIEWS = [
  {
    quote:
      'Por primera vez entiendo cómo entreno. Ver mi frecuencia cardiaca en la pantalla me obliga a dar lo mejor, y el resumen por correo me motiva a volver.',
    name: 'Daniela M.',
  },
  {
    quote: 'Las clases de Box and Burn son lo mejor de mi semana. Los entrenadores te corrigen, te empujan y se saben tu nombre desde el primer día.',
    name: 'Ricardo A.',
  },
  {
    quote: 'Bajé 8 kilos en cuatro meses sin sentir que vivía en el gimnasio. Una hora bien aprovechada vale más que dos sin plan.',
    name: 'Alejandra P.',
  },
  {
    quote:
      'Vengo con mi esposa y entrenamos juntos con el plan de parejas. El ambiente es increíble y la tecnología no la había visto en ningún otro lugar del país.',
    name: 'José Luis R.',
  },
];

const initials = (name: string) =>
  name
    .split(' ')
    .map((part) => part[0])
    .join('')
    .slice(0, 2);

export function LandingPage() {
  return (
    <main className="landing">
      <PageMeta
        title="Pulso — Entrenamiento con frecuencia cardiaca en Santa Tecla"
        description="Clases grupales guiadas por tu frecuencia cardiaca en Santa Tecla, El Salvador. Tecnología, datos y entrenadores de alto rendimiento. Reserva tu clase gratis hoy."
      />
      <Hero />
      <About />
      <section id="entrenadores" className="section section--dark" aria-labelledby="entrenadores-title">
        <div className="container">
          <p className="eyebrow">Nuestro equipo</p>
          <h2 id="entrenadores-title" className="section-title text-white mb-5">
            Entrenadores
          </h2>
          <TrainerCarousel trainers={TRAINERS} />
        </div>
      </section>
      <section id="reviews" className="section section--soft" aria-labelledby="reviews-title">
        <div className="container">
          <p className="eyebrow">Reseñas</p>
          <h2 id="reviews-title" className="section-title">
            Lo que dicen nuestros clientes
          </h2>
          <div className="row row-cols-1 row-cols-md-2 g-4 mt-3">
            {REVIEWS.map((review) => (
              <div className="col" key={review.name}>
                <figure className="review-card">
                  <span className="review-card__stars" aria-label="5 de 5 estrellas" role="img">
                    {[0, 1, 2, 3, 4].map((i) => (
                      <Star key={i} size={18} fill="currentColor" strokeWidth={0} aria-hidden="true" />
                    ))}
                  </span>
                  <blockquote>“{review.quote}”</blockquote>
                  <figcaption>
                    <span className="review-card__avatar" aria-hidden="true">
                      {initials(review.name)}
                    </span>
                    {review.name}
                  </figcaption>
                </figure>
              </div>
            ))}
          </div>
        </div>
      </section>
      <section id="nuestraapp" className="section section--navy" aria-labelledby="nuestraapp-title">
        <div className="container feature-split">
          <LandingImage slot="sistemas" className="feature-art">
            <img
              src="/images/app-systems.svg"
              alt="Pantalla de la app de Pulso con zonas de frecuencia cardiaca"
              width={640}
              height={520}
              loading="lazy"
              decoding="async"
            />
          </LandingImage>
          <div>
            <p className="eyebrow">Tecnología</p>
            <h2 id="nuestraapp-title" className="section-title text-white">
              Nuestros Sistemas
            </h2>
            <p className="section-lead">
              Sensores de frecuencia cardiaca, pantallas en vivo durante la clase y una app que guarda cada sesión. Sabrás cuánto trabajaste, en qué zona y
              cuánto mejoraste.
            </p>
            <ul className="check-list">
              {[
                'Tu frecuencia cardiaca en tiempo real, en la pantalla del estudio',
                'Resumen de rendimiento en tu correo después de cada clase',
                'Retos mensuales y calendario de entrenamientos en la app',
              ].map((item) => (
                <li key={item}>
                  <Check size={20} aria-hidden="true" />
                  <span>{item}</span>
                </li>
              ))}
            </ul>
            <Link to="/sistemas" className="btn btn-brand btn-lg">
              Descubre Más
            </Link>
          </div>
        </div>
      </section>
      <section id="entrenamiento-especializado" className="section" aria-labelledby="especializado-title">
        <div className="container feature-split feature-split--reverse">
          <LandingImage slot="especializado" className="feature-art">
            <img
              src="/images/specialised.svg"
              alt="Ilustración de un atleta en una pista de entrenamiento"
              width={640}
              height={520}
              loading="lazy"
              decoding="async"
            />
          </LandingImage>
          <div>
            <p className="eyebrow">A tu medida</p>
            <h2 id="especializado-title" className="section-title">
              Entrenamiento especializado
            </h2>
            <p className="section-lead">
              Programas personales, planes corporativos para tu empresa y preparación de alto rendimiento para equipos y atletas, con la metodología que nos
              llevó a competir por El Salvador.
            </p>
            <div className="d-flex flex-wrap gap-2 my-4">
              {['Personal', 'Corporativo', 'Equipos y atletas'].map((tag) => (
                <span key={tag} className="class-chip">
                  {tag}
                </span>
              ))}
            </div>
            <Link to="/informacion-especializado" className="btn btn-outline-brand btn-lg">
              Más Información
            </Link>
          </div>
        </div>
      </section>
      <section id="workout" className="section section--soft" aria-labelledby="workout-title">
        <div className="container">
          <CtaBand
            split="even"
            action={
              <Link to="/workout" className="btn btn-light btn-lg">
                Más Información <ArrowRight size={18} aria-hidden="true" />
              </Link>
            }
          >
            <p className="eyebrow text-white">Métodos</p>
            <h2 id="workout-title" className="mb-3">
              Nuestros Entrenamientos
            </h2>
            <p className="mb-0 fs-5">
              Intervalos por zonas de frecuencia cardiaca, fuerza, boxeo funcional y yoga. Cada día de la semana tiene su enfoque para que progreses sin
              estancarte.
            </p>
          </CtaBand>
        </div>
      </section>
    </main>
  );
}

function Hero() {
  return (
    <section className="hero" aria-labelledby="hero-title">
      {/* The studio's photo behind everything, when it has uploaded one; the drawn background otherwise. */}
      <LandingImage slot="portada" className="hero__photo" />
      <svg className="hero__art" viewBox="0 0 1440 900" preserveAspectRatio="xMidYMid slice" aria-hidden="true" focusable="false">
        <g fill="none" stroke="#ffffff" strokeOpacity="0.06">
          <circle cx="1160" cy="300" r="160" />
          <circle cx="1160" cy="300" r="260" />
          <circle cx="1160" cy="300" r="360" />
          <circle cx="1160" cy="300" r="460" />
        </g>
      </svg>
      {/* The heartbeat line is revealed by two opposite translations (a wipe the compositor runs on its
          own), not by animating the stroke, which repainted the whole hero on every frame. */}
      <div className="hero__pulse" aria-hidden="true">
        <div className="hero__pulse-inner">
          <svg className="hero__art" viewBox="0 0 1440 900" preserveAspectRatio="xMidYMid slice" focusable="false">
            <defs>
              <linearGradient id="hero-line" x1="0" x2="1">
                <stop offset="0" stopColor="#4d9bf0" stopOpacity="0" />
                <stop offset="0.45" stopColor="#4d9bf0" stopOpacity="0.9" />
                <stop offset="0.75" stopColor="#ff5a6a" stopOpacity="0.9" />
                <stop offset="1" stopColor="#ff5a6a" stopOpacity="0" />
              </linearGradient>
            </defs>
            <path
              d="M560 760 H860 l24 -48 l32 120 l40 -260 l40 300 l32 -150 l24 30 H1440"
              fill="none"
              stroke="url(#hero-line)"
              strokeWidth="3"
              strokeOpacity="0.8"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
        </div>
      </div>
      <div className="hero__card" aria-hidden="true">
        <span className="hero__card-label">
          <span className="hero__card-live" /> En vivo · Box and Burn
        </span>
        <p className="hero__card-bpm mb-0">
          164<small>BPM</small>
        </p>
        <div className="zone-bar">
          {['#8a96a8', '#4d9bf0', '#2bb673', '#f5a623', '#ff5a6a'].map((color, zone) => (
            <span key={color} className={zone === 3 ? 'is-current' : undefined} style={{ background: color }} />
          ))}
        </div>
        <p className="hero__card-zone">Zona 4 · Umbral — 87 % de tu máximo</p>
      </div>
      <div className="container hero__content">
        <p className="eyebrow">
          <Activity size={16} aria-hidden="true" /> Santa Tecla · El Salvador
        </p>
        <h1 id="hero-title" className="hero__title">
          Entrena con <em>tecnología avanzada</em> y alcanza tus metas
        </h1>
        <p className="hero__lead">Tu primera clase es gratis. Reserva hoy y entrena mañana viendo tu corazón en tiempo real.</p>
        <div className="d-flex flex-wrap gap-3">
          <Link to="/register" className="btn btn-brand btn-lg">
            Clase Gratis
          </Link>
          <Link to="/memberships" className="btn btn-ghost-light btn-lg">
            Ver Membresías
          </Link>
        </div>
        <dl className="hero__stats">
          <div>
            <dt className="hero__stat-label">Minutos por clase</dt>
            <dd className="hero__stat-value m-0">{CLASS_LENGTH_MIN}</dd>
          </div>
          <div>
            <dt className="hero__stat-label">Clases al día</dt>
            <dd className="hero__stat-value m-0">9</dd>
          </div>
          <div>
            <dt className="hero__stat-label">Zonas de esfuerzo</dt>
            <dd className="hero__stat-value m-0">5</dd>
          </div>
        </dl>
      </div>
    </section>
  );
}

function About() {
  return (
    <section id="about" className="about" aria-labelledby="about-title">
      <LandingImage slot="nosotros" className="about__image">
        <img
          src="/images/about-studio.svg"
          alt="El estudio de Pulso con bicicletas, remos y pantallas de frecuencia cardiaca"
          width={750}
          height={560}
          loading="lazy"
          decoding="async"
        />
      </LandingImage>
      <div className="container">
        <div className="about__box">
          <p className="eyebrow">Sobre nosotros</p>
          <h2 id="about-title" className="section-title">
            Hecho por atletas, medido con datos
          </h2>
          <p>
            Somos dos hermanos que representamos a El Salvador en atletismo. De la pista nos trajimos la disciplina; de nuestra experiencia en análisis de
            datos, entrenamiento personal y deporte de alto rendimiento, la convicción de que lo que se mide, mejora.
          </p>
          <p className="mb-0">
            Así nació una propuesta basada en tecnología, única en el país: programas, software e instalaciones pensados para tu condición física, tu salud,
            bajar de peso o simplemente mantenerte activo.
          </p>
          <ul className="about__facts">
            {[
              'Clases grupales con monitoreo de frecuencia cardiaca',
              'Yoga, fuerza, boxeo funcional e intervalos',
              'Seguimiento de tu progreso en nuestra app',
            ].map((fact) => (
              <li key={fact}>
                <Check size={20} aria-hidden="true" />
                <span>{fact}</span>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </section>
  );
}
