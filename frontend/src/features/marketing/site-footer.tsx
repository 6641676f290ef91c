import { Mail, MapPin, Phone } from 'lucide-react';
import { useSyncExternalStore } from 'react';
import { Link } from 'react-router-dom';
import { useRuntimeConfig } from '../../shared/config/runtime-config';
import { formatPhone, phoneHref } from '../../shared/lib/phone-format';
import { FacebookIcon, InstagramIcon, XIcon } from '../../shared/ui/brand-icons';
import { BrandLogo } from '../../shared/ui/brand-logo';

const FOOTER_LINKS = [
  { to: '/', label: 'Inicio' },
  { to: '/memberships', label: 'Membresías' },
  { to: '/workout', label: 'Métodos de Entrenamiento' },
  { to: '/reserva', label: 'Reserva' },
  { to: '/horarios', label: 'Horarios' },
  { to: '/sistemas', label: 'Sistemas' },
  { to: '/contactanos', label: 'Contáctanos' },
  { to: '/privacidad', label: 'Aviso de privacidad' },
];

const noSubscription = () => () => undefined;
const currentYear = () => new Date().getFullYear();
/** The prerendered pages carry the build's year; hydration starts from it, then shows the visitor's. */
const buildYear = () => __BUILD_YEAR__;

export function SiteFooter() {
  const { config } = useRuntimeConfig();
  const year = useSyncExternalStore(noSubscription, currentYear, buildYear);
  const social = config?.social;
  return (
    <footer className="site-footer">
      <div className="container">
        <div className="row gx-4 gy-5">
          <div className="col-lg-4">
            <Link to="/" className="site-logo" aria-label="PULSO, inicio">
              <BrandLogo variant="footer" />
            </Link>
            <p className="mt-3 mb-0">
              Entrenamiento grupal guiado por tu frecuencia cardiaca. Datos reales, entrenadores de alto rendimiento y una comunidad que te empuja.
            </p>
            {social && (
              <div className="social-links">
                <a href={social.facebook} target="_blank" rel="noopener noreferrer" aria-label="Facebook (se abre en una pestaña nueva)">
                  <FacebookIcon />
                </a>
                <a href={social.twitter} target="_blank" rel="noopener noreferrer" aria-label="X / Twitter (se abre en una pestaña nueva)">
                  <XIcon />
                </a>
                <a href={social.instagram} target="_blank" rel="noopener noreferrer" aria-label="Instagram (se abre en una pestaña nueva)">
                  <InstagramIcon />
                </a>
              </div>
            )}
          </div>
          <div className="col-6 col-lg-3 offset-lg-1">
            <h2>Explora</h2>
            <ul className="site-footer__links">
              {FOOTER_LINKS.map((link) => (
                <li key={link.to}>
                  <Link to={link.to}>{link.label}</Link>
                </li>
              ))}
            </ul>
          </div>
          <div className="col-12 col-sm-6 col-lg-4">
            <h2>Contacto</h2>
            <address className="mb-0">
              <ul className="site-footer__contact">
                <li>
                  <MapPin size={18} aria-hidden="true" />
                  <span>{config?.contact.address ?? 'Santa Tecla, La Libertad, El Salvador'}</span>
                </li>
                {config && (
                  <>
                    <li>
                      <Mail size={18} aria-hidden="true" />
                      <a href={`mailto:${config.contact.email}`}>{config.contact.email}</a>
                    </li>
                    <li>
                      <Phone size={18} aria-hidden="true" />
                      <a href={phoneHref(config.contact.phone)}>{formatPhone(config.contact.phone)}</a>
                    </li>
                  </>
                )}
              </ul>
            </address>
          </div>
        </div>
        <div className="site-footer__bottom">
          <span>© {year} Pulso Heart Rate Studio. Todos los derechos reservados.</span>
          <span>Hecho en El Salvador</span>
        </div>
      </div>
    </footer>
  );
}
