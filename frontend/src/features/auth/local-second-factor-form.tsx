import { useState, type FormEvent } from 'react';
import { Alert, Button, Form, Spinner } from 'react-bootstrap';
import { useLocalIdentityClient } from '../../shared/identity/local-identity-provider';
import { fieldErrorsFrom, type FieldErrors } from './form-errors';

/**
 * Step 2 of a staff sign-in (ADR 0210): the 6-digit code of the authenticator app, or one of
 * the recovery codes kept on paper when the phone is not at hand.
 */
export function LocalSecondFactorForm({ challenge, onSignedIn, onRestart }: { challenge: string; onSignedIn: () => void; onRestart: () => void }) {
  const client = useLocalIdentityClient();
  const [recovery, setRecovery] = useState(false);
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<FieldErrors<'code'>>({});
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const valid = recovery ? /^[a-z0-9]{5}-?[a-z0-9]{5}$/i.test(code.trim()) : /^\d{6}$/.test(code);
    if (!valid) {
      setErrors({ code: code === '' ? 'Código es requerido.' : recovery ? 'El código de recuperación tiene 10 caracteres.' : 'El código tiene 6 dígitos.' });
      return;
    }
    setBusy(true);
    try {
      await client.attemptSecondFactor(challenge, code.trim());
      onSignedIn();
    } catch (error) {
      const found = fieldErrorsFrom(error, ['code'] as const);
      setErrors(found);
      setBusy(false);
    }
  }

  function switchMode() {
    setRecovery(!recovery);
    setCode('');
    setErrors({});
  }

  const label = recovery ? 'Código de recuperación' : 'Código de la app de autenticación';
  return (
    <Form noValidate onSubmit={submit} aria-labelledby="second-factor-title">
      <h2 id="second-factor-title" className="h4 mb-2">
        Verificación en dos pasos
      </h2>
      <p className="text-secondary">
        {recovery
          ? 'Escribe uno de los códigos de recuperación que guardaste al activar la verificación. Cada código sirve una sola vez.'
          : 'Abre tu app de autenticación y escribe el código de 6 dígitos de Pulso.'}
      </p>
      {errors.form && <Alert variant="danger">{errors.form}</Alert>}
      <Form.Group className="mb-3" controlId="second-factor-code">
        <Form.Label>{label}</Form.Label>
        <Form.Control
          value={code}
          onChange={(event) => {
            setCode(recovery ? event.target.value.slice(0, 11) : event.target.value.replace(/\D/g, '').slice(0, 6));
            setErrors({});
          }}
          inputMode={recovery ? 'text' : 'numeric'}
          autoComplete="one-time-code"
          autoCapitalize="off"
          spellCheck={false}
          className="auth-code-input"
          isInvalid={Boolean(errors.code)}
          autoFocus
        />
        <Form.Control.Feedback type="invalid">{errors.code}</Form.Control.Feedback>
      </Form.Group>
      <Button type="submit" className="btn-brand w-100" disabled={busy}>
        {busy ? <Spinner size="sm" animation="border" aria-label="Verificando" /> : 'Verificar'}
      </Button>
      <Button variant="link" className="w-100 mt-2" onClick={switchMode}>
        {recovery ? 'Usar el código de la app' : 'Usar un código de recuperación'}
      </Button>
      <Button variant="link" className="w-100 text-secondary" onClick={onRestart}>
        Volver a iniciar sesión
      </Button>
    </Form>
  );
}
