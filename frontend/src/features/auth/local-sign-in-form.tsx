import { useState } from 'react';
import { Alert, Button, Form, Spinner } from 'react-bootstrap';
import { Link, useNavigate } from 'react-router-dom';
import { useLocalIdentityClient } from '../../shared/identity/local-identity-provider';
import { LocalSecondFactorForm } from './local-second-factor-form';
import { LocalVerifyForm } from './local-verify-form';
import { useLocalAuthForm } from './use-local-auth-form';

type Field = 'email' | 'password';
const LABELS: Record<Field, string> = { email: 'Correo electrónico', password: 'Contraseña' };

/** Email and password; staff with two-factor sign-in then give the code of their app (ADR 0210). */
export function LocalSignInForm() {
  const navigate = useNavigate();
  const [challenge, setChallenge] = useState<string>();
  const [attempt, setAttempt] = useState(0);
  if (challenge) {
    return (
      <LocalSecondFactorForm
        challenge={challenge}
        onSignedIn={() => navigate('/staff', { replace: true })}
        onRestart={() => {
          setChallenge(undefined);
          setAttempt(attempt + 1);
        }}
      />
    );
  }
  return <PasswordStep key={attempt} onSecondFactor={setChallenge} />;
}

function PasswordStep({ onSecondFactor }: { onSecondFactor: (challenge: string) => void }) {
  const client = useLocalIdentityClient();
  const navigate = useNavigate();
  const { values, errors, busy, pendingEmail, submit, change } = useLocalAuthForm(LABELS, async ({ email, password }) => {
    const result = await client.signIn(email, password);
    if (result.status === 'needs_verification') return result.email;
    if (result.status === 'needs_second_factor') {
      onSecondFactor(result.challenge);
      return undefined;
    }
    navigate('/training', { replace: true });
    return undefined;
  });

  if (pendingEmail) return <LocalVerifyForm email={pendingEmail} onVerified={() => navigate('/onboarding', { replace: true })} />;

  return (
    <Form noValidate onSubmit={submit} aria-labelledby="sign-in-title">
      <h2 id="sign-in-title" className="h4 mb-3">
        Iniciar sesión
      </h2>
      {errors.form && <Alert variant="danger">{errors.form}</Alert>}
      <Form.Group className="mb-3" controlId="sign-in-email">
        <Form.Label>{LABELS.email}</Form.Label>
        <Form.Control type="email" autoComplete="email" value={values.email} onChange={change('email')} isInvalid={Boolean(errors.email)} />
        <Form.Control.Feedback type="invalid">{errors.email}</Form.Control.Feedback>
      </Form.Group>
      <Form.Group className="mb-4" controlId="sign-in-password">
        <Form.Label>{LABELS.password}</Form.Label>
        <Form.Control
          type="password"
          autoComplete="current-password"
          value={values.password}
          onChange={change('password')}
          isInvalid={Boolean(errors.password)}
        />
        <Form.Control.Feedback type="invalid">{errors.password}</Form.Control.Feedback>
      </Form.Group>
      <Button type="submit" className="btn-brand w-100" disabled={busy}>
        {busy ? <Spinner size="sm" animation="border" aria-label="Iniciando sesión" /> : 'Continuar'}
      </Button>
      <p className="text-center text-secondary mt-3 mb-0">
        ¿No tienes una cuenta? <Link to="/platform-register">Regístrate</Link>
      </p>
    </Form>
  );
}
