import { Lock } from 'lucide-react';
import { Link } from 'react-router-dom';
import { useRuntimeConfig } from '../../shared/config/runtime-config';
import { WhatsAppIcon } from '../../shared/ui/brand-icons';
import { PageMeta } from '../../shared/ui/page-meta';
import { PageHero } from './page-hero';

export function ReservaPage() {
  const { config } = useRuntimeConfig();
  return (
    <main>
      <PageMeta
        title="Reserva"
        description="Cómo reservar tus clases en Pulso: elige tu membresía, reserva desde la app o escríbenos por WhatsApp si tienes problemas de acceso."
      />
      <PageHero eyebrow="Cómo reservar" title="Reserva">
        Reservar tu lugar en clase toma menos de un minuto desde la app.
      </PageHero>
      <section className="section section--soft">
        <div className="container">
          <div className="notice mb-5">
            <Lock size={20} aria-hidden="true" />
            <p className="mb-0">
              Para reservar clases necesitas una membresía pagada. ¿Aún no nos conoces? <Link to="/register">Agenda tu clase gratis</Link>.
            </p>
          </div>
          <div className="row g-4">
            <div className="col-md-4">
              <article className="action-card">
                <span className="action-card__step" aria-hidden="true">
                  01
                </span>
                <h2>Elige tu membresía</h2>
                <p>Compara los planes y escoge el que se adapta a tu semana: desde una clase suelta hasta acceso ilimitado.</p>
                <Link to="/memberships" className="btn btn-brand">
                  Ver Membresías
                </Link>
              </article>
            </div>
            <div className="col-md-4">
              <article className="action-card">
                <span className="action-card__step" aria-hidden="true">
                  02
                </span>
                <h2>¿Ya pagaste?</h2>
                <p>Descarga nuestra app, inicia sesión con tu correo y reserva tu horario. Ahí también verás tus resultados después de cada clase.</p>
                <a className="btn btn-brand" href={config?.appStoreUrl} target="_blank" rel="noopener noreferrer" aria-disabled={!config}>
                  Reservar en la app
                </a>
              </article>
            </div>
            <div className="col-md-4">
              <article className="action-card">
                <span className="action-card__step" aria-hidden="true">
                  03
                </span>
                <h2>¿Problemas de acceso?</h2>
                <p>Si no puedes entrar a la app o no ves tu membresía, escríbenos y lo resolvemos contigo.</p>
                <a
                  className="btn btn-brand d-inline-flex align-items-center gap-2"
                  href={config?.contact.whatsappUrl}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-disabled={!config}
                >
                  <WhatsAppIcon size={18} /> Escríbenos por WhatsApp
                </a>
              </article>
            </div>
          </div>
          <p className="reserva-timetable">
            <Link to="/horarios" className="btn btn-outline-brand">
              Ver horarios y lugares libres
            </Link>
          </p>
        </div>
      </section>
    </main>
  );
}
