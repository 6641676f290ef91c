import { Check, Circle } from 'lucide-react';
import { Alert, Button, Col, Form, Row, Spinner } from 'react-bootstrap';
import { Link, useNavigate } from 'react-router-dom';
import { useLocalIdentityClient } from '../../shared/identity/local-identity-provider';
import { LocalVerifyForm } from './local-verify-form';
import { useLocalAuthForm } from './use-local-auth-form';

type Field = 'firstName' | 'lastName' | 'email' | 'password';
const LABELS: Record<Field, string> = { firstName: 'Nombre', lastName: 'Apellido', email: 'Correo electrónico', password: 'Contraseña' };

/** The same hints the server enforces (modules/identity/password-policy.ts), shown while typing. */
const PASSWORD_HINTS: [string, (password: string) => boolean][] = [
  ['Al menos 8 caracteres', (p) => p.length >= 8],
  ['Una letra minúscula', (p) => /[a-zà-ÿ]/.test(p)],
  ['Una letra mayúscula', (p) => /[A-ZÀ-Þ]/.test(p)],
  ['Un número', (p) => /\d/.test(p)],
];

export function LocalSignUpForm() {
  const client = useLocalIdentityClient();
  const navigate = useNavigate();
  const { values, errors, busy, pendingEmail, submit, change } = useLocalAuthForm(LABELS, async (account) => (await client.signUp(account)).email);

  if (pendingEmail) return <LocalVerifyForm email={pendingEmail} onVerified={() => navigate('/onboarding', { replace: true })} />;

  const input = (field: Field, type: string, autoComplete: string) => (
    <Form.Group className="mb-3" controlId={`sign-up-${field}`}>
      <Form.Label>{LABELS[field]}</Form.Label>
      <Form.Control
        type={type}
        autoComplete={autoComplete}
        value={values[field]}
        onChange={change(field)}
        isInvalid={Boolean(errors[field])}
        maxLength={field === 'email' ? 320 : 256}
        aria-describedby={field === 'password' ? 'password-hints' : undefined}
      />
      <Form.Control.Feedback type="invalid">{errors[field]}</Form.Control.Feedback>
    </Form.Group>
  );

  return (
    <Form noValidate onSubmit={submit} aria-labelledby="sign-up-title">
      <h2 id="sign-up-title" className="h4 mb-3">
        Crea tu cuenta
      </h2>
      {errors.form && <Alert variant="danger">{errors.form}</Alert>}
      <Row>
        <Col sm={6}>{input('firstName', 'text', 'given-name')}</Col>
        <Col sm={6}>{input('lastName', 'text', 'family-name')}</Col>
      </Row>
      {input('email', 'email', 'email')}
      {input('password', 'password', 'new-password')}
      <ul id="password-hints" className="list-unstyled small mb-4 auth-password-hints">
        {PASSWORD_HINTS.map(([label, met]) => {
          const ok = met(values.password);
          return (
            <li key={label} className={ok ? 'text-success' : 'text-secondary'}>
              {ok ? <Check size={14} aria-hidden="true" /> : <Circle size={10} aria-hidden="true" />} {label}
              <span className="visually-hidden">{ok ? ' (cumplido)' : ' (pendiente)'}</span>
            </li>
          );
        })}
      </ul>
      <Button type="submit" className="btn-brand w-100" disabled={busy}>
        {busy ? <Spinner size="sm" animation="border" aria-label="Creando cuenta" /> : 'Crear cuenta'}
      </Button>
      <p className="text-center text-secondary mt-3 mb-0">
        ¿Ya tienes una cuenta? <Link to="/login">Inicia sesión</Link>
      </p>
    </Form>
  );
}
