import { useState, type FormEvent } from 'react';
import { Alert, Button, Form, Spinner } from 'react-bootstrap';
import { Link, useNavigate } from 'react-router-dom';
import { useLocalIdentityClient } from '../../shared/identity/local-identity-provider';
import { fieldErrorsFrom, requiredErrors, type FieldErrors } from './form-errors';
import { LocalVerifyForm } from './local-verify-form';

type Field = 'email' | 'password';
const LABELS: Record<Field, string> = { email: 'Correo electrónico', password: 'Contraseña' };

export function LocalSignInForm() {
  const client = useLocalIdentityClient();
  const navigate = useNavigate();
  const [values, setValues] = useState<Record<Field, string>>({ email: '', password: '' });
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [busy, setBusy] = useState(false);
  const [pendingEmail, setPendingEmail] = useState<string>();

  if (pendingEmail) return <LocalVerifyForm email={pendingEmail} onVerified={() => navigate('/onboarding', { replace: true })} />;

  async function submit(event: FormEvent) {
    event.preventDefault();
    const missing = requiredErrors(values, LABELS);
    setErrors(missing);
    if (Object.keys(missing).length) return;
    setBusy(true);
    try {
      const result = await client.signIn(values.email, values.password);
      if (result.status === 'needs_verification') {
        setPendingEmail(result.email);
        setBusy(false);
      } else {
        navigate('/training', { replace: true });
      }
    } catch (error) {
      setErrors(fieldErrorsFrom(error, ['email', 'password'] as const));
      setBusy(false);
    }
  }

  const change = (field: Field) => (event: React.ChangeEvent<HTMLInputElement>) => {
    setValues({ ...values, [field]: event.target.value });
    setErrors({ ...errors, [field]: undefined, form: undefined });
  };

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
