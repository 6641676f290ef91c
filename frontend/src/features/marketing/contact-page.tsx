import { Clock, Mail, MapPin, Phone } from 'lucide-react';
import { useRuntimeConfig } from '../../shared/config/runtime-config';
import { formatPhone } from '../../shared/lib/phone-format';
import { WhatsAppIcon } from '../../shared/ui/brand-icons';
import { PageMeta } from '../../shared/ui/page-meta';
import { FreeClassCta } from './free-class-cta';
import { IconTile } from './icon-tile';
import { PageHero } from './page-hero';

export function ContactPage() {
  const { config } = useRuntimeConfig();
  return (
    <main>
      <PageMeta title="Contáctanos" description="Escríbenos por WhatsApp o por correo. Pulso Heart Rate Studio, Santa Tecla, La Libertad, El Salvador." />
      <PageHero eyebrow="Hablemos" title="Contáctanos">
        ¿Dudas sobre membresías, horarios o entrenamiento especializado? Te respondemos el mismo día.
      </PageHero>
      <section className="section section--soft">
        <div className="container">
          <div className="row g-4">
            <div className="col-md-6">
              <article className="action-card">
                <span className="tile__icon" aria-hidden="true">
                  <WhatsAppIcon size={24} />
                </span>
                <h2>WhatsApp</h2>
                <p>La forma más rápida de hablar con nuestro equipo de atención al cliente.</p>
                <a className="btn btn-brand btn-lg" href={config?.contact.whatsappUrl} target="_blank" rel="noopener noreferrer" aria-disabled={!config}>
                  Escríbenos por WhatsApp
                </a>
              </article>
            </div>
            <div className="col-md-6">
              <article className="action-card">
                <span className="tile__icon" aria-hidden="true">
                  <Mail size={24} />
                </span>
                <h2>Correo</h2>
                <p>{config ? `Escríbenos a ${config.contact.email}.` : 'Escríbenos a nuestro correo de atención al cliente.'}</p>
                <a className="btn btn-outline-brand btn-lg" href={config ? `mailto:${config.contact.email}` : undefined} aria-disabled={!config}>
                  Enviar correo
                </a>
              </article>
            </div>
          </div>
          <div className="tile-grid tile-grid--3 mt-4">
            <IconTile icon={MapPin} iconSize={22} title="Dirección">
              {config?.contact.address ?? 'Santa Tecla, La Libertad, El Salvador'}
            </IconTile>
            <IconTile icon={Phone} iconSize={22} title="Teléfono">
              {config ? formatPhone(config.contact.phone) : '—'}
            </IconTile>
            <IconTile icon={Clock} iconSize={22} title="Horario de clases">
              Lunes a jueves y sábado de 5:15 am a 9:30 pm; viernes de 8:00 a 10:30 am.
            </IconTile>
          </div>
        </div>
      </section>
      <FreeClassCta />
    </main>
  );
}
