import { Gift } from 'lucide-react';
import { Col, Container, Row } from 'react-bootstrap';
import { useLocation } from 'react-router-dom';
import { IdentitySignUp } from '../../shared/identity/identity-widgets';
import { LocalSignUpForm } from './local-sign-up-form';
import './auth-pages.css';

const STEPS = [
  'Crea tu cuenta',
  'Verifica tu correo con un código',
  'Completa tu perfil fitness',
  'Comienza tu prueba gratis de 7 días',
  'Acceso completo a la plataforma',
];

/** /platform-register and /sign-up (spec section 2): the 7-day trial and the 5-step process beside the sign-up. */
export function SignUpPage() {
  const { pathname } = useLocation();
  const path = pathname.startsWith('/sign-up') ? '/sign-up' : '/platform-register';
  return (
    <main className="auth-page">
      <Container className="py-3 py-lg-5">
        <Row className="gx-4 gx-lg-5 gy-5">
          <Col lg={6}>
            <h1 className="auth-page__title">Únete a la plataforma</h1>
            <section className="auth-trial" aria-labelledby="trial-title">
              <Gift aria-hidden="true" className="auth-trial__icon" />
              <div>
                <h2 id="trial-title" className="h5 mb-1">
                  Prueba gratis de 7 días
                </h2>
                <p className="mb-0">Sin pagos hasta que termine tu prueba. Cancela cuando quieras.</p>
              </div>
            </section>
            <section aria-labelledby="steps-title">
              <h2 id="steps-title" className="h5 mt-4 mb-3">
                Proceso de registro
              </h2>
              <ol className="auth-steps list-unstyled">
                {STEPS.map((step, index) => (
                  <li key={step}>
                    <span className="auth-steps__number" aria-hidden="true">
                      {index + 1}
                    </span>
                    {step}
                  </li>
                ))}
              </ol>
            </section>
          </Col>
          {/* The form first on a phone, where the benefits above it would push it below the fold; beside them on a wide screen. */}
          <Col lg={6} className="order-first order-lg-0">
            <div className="auth-card">
              <IdentitySignUp path={path} local={<LocalSignUpForm />} />
            </div>
          </Col>
        </Row>
      </Container>
    </main>
  );
}
