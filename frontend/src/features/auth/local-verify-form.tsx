import { useState, type FormEvent } from 'react';
import { Alert, Button, Form, Spinner } from 'react-bootstrap';
import { useLocalIdentityClient } from '../../shared/identity/local-identity-provider';
import { fieldErrorsFrom, type FieldErrors } from './form-errors';

/** Step 2 of the sign-up process: the 6-digit code mailed to the member. */
export function LocalVerifyForm({ email, onVerified }: { email: string; onVerified: () => void }) {
  const client = useLocalIdentityClient();
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<FieldErrors<'code'>>({});
  const [notice, setNotice] = useState<string>();
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!/^\d{6}$/.test(code)) {
      setErrors({ code: code === '' ? 'Código es requerido.' : 'El código tiene 6 dígitos.' });
      return;
    }
    setBusy(true);
    setNotice(undefined);
    try {
      await client.verify(email, code);
      onVerified();
    } catch (error) {
      setErrors(fieldErrorsFrom(error, ['code'] as const));
      setBusy(false);
    }
  }

  async function resend() {
    setErrors({});
    try {
      await client.resendCode(email);
      setNotice(`Te enviamos un nuevo código a ${email}.`);
    } catch (error) {
      setErrors(fieldErrorsFrom(error, ['code'] as const));
    }
  }

  return (
    <Form noValidate onSubmit={submit} aria-labelledby="verify-title">
      <h2 id="verify-title" className="h4 mb-2">
        Verifica tu correo
      </h2>
      <p className="text-secondary">
        Enviamos un código de 6 dígitos a <strong>{email}</strong>. Escríbelo para activar tu cuenta.
      </p>
      {errors.form && <Alert variant="danger">{errors.form}</Alert>}
      {notice && <Alert variant="success">{notice}</Alert>}
      <Form.Group className="mb-3" controlId="verify-code">
        <Form.Label>Código de verificación</Form.Label>
        <Form.Control
          value={code}
          onChange={(event) => {
            setCode(event.target.value.replace(/\D/g, '').slice(0, 6));
            setErrors({});
          }}
          inputMode="numeric"
          autoComplete="one-time-code"
          className="auth-code-input"
          isInvalid={Boolean(errors.code)}
          autoFocus
        />
        <Form.Control.Feedback type="invalid">{errors.code}</Form.Control.Feedback>
      </Form.Group>
      <Button type="submit" className="btn-brand w-100" disabled={busy}>
        {busy ? <Spinner size="sm" animation="border" aria-label="Verificando" /> : 'Verificar'}
      </Button>
      <Button variant="link" className="w-100 mt-2" onClick={resend}>
        Reenviar código
      </Button>
    </Form>
  );
}
