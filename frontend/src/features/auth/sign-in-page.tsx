import { CalendarDays, ClipboardList, PlayCircle, Timer, TrendingUp } from 'lucide-react';
import { Col, Container, Row } from 'react-bootstrap';
import { useLocation } from 'react-router-dom';
import { IdentitySignIn } from '../../shared/identity/identity-widgets';
import { LocalSignInForm } from './local-sign-in-form';
import './auth-pages.css';

const BENEFITS = [
  { icon: ClipboardList, text: 'Planes de entrenamiento personalizados' },
  { icon: TrendingUp, text: 'Seguimiento diario de tu progreso' },
  { icon: Timer, text: 'Temporizador TABATA integrado' },
  { icon: PlayCircle, text: 'Videos de ejercicios guiados' },
  { icon: CalendarDays, text: 'Calendario de entrenamientos' },
];

/** /login and /sign-in (spec section 2): the provider's sign-in beside what the platform offers. */
export function SignInPage() {
  const { pathname } = useLocation();
  const path = pathname.startsWith('/sign-in') ? '/sign-in' : '/login';
  return (
    <main className="auth-page">
      <Container className="py-3 py-lg-5">
        <Row className="gx-4 gx-lg-5 gy-5 align-items-center">
          <Col lg={6}>
            <h1 className="auth-page__title">Tu plataforma de entrenamiento</h1>
            <p className="lead text-secondary">Inicia sesión para entrenar con todo lo que necesitas en un solo lugar.</p>
            <ul className="auth-benefits list-unstyled" aria-label="Beneficios de la plataforma">
              {BENEFITS.map(({ icon: Icon, text }) => (
                <li key={text}>
                  <Icon aria-hidden="true" className="auth-benefits__icon" />
                  {text}
                </li>
              ))}
            </ul>
          </Col>
          {/* The form first on a phone, where the benefits above it would push it below the fold; beside them on a wide screen. */}
          <Col lg={6} className="order-first order-lg-0">
            <div className="auth-card">
              <IdentitySignIn path={path} local={<LocalSignInForm />} />
            </div>
          </Col>
        </Row>
      </Container>
    </main>
  );
}
