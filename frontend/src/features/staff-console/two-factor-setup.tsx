import { useEffect, useState, type FormEvent } from 'react';
import { Alert, Button, Form, Spinner } from 'react-bootstrap';
import { ShieldCheck } from 'lucide-react';
import { useIdentity } from '../../shared/identity/identity';
import { IdentityFormError, type TotpEnrollment } from '../../shared/identity/local-identity-client';
import { useLocalIdentityClient } from '../../shared/identity/local-identity-provider';
import { BrandLogo } from '../../shared/ui/brand-logo';

type Step =
  | { kind: 'loading' }
  | { kind: 'scan'; enrollment: TotpEnrollment }
  | { kind: 'codes'; recoveryCodes: string[]; activate: () => void }
  | { kind: 'already' }
  | { kind: 'failed'; message: string };

/**
 * What a staff member whose session has no second factor sees instead of the console (ADR 0210):
 * with the local provider, the enrolment (QR code, first code, recovery codes shown once);
 * with Clerk, where to turn on Clerk's second factor.
 */
export function TwoFactorGate() {
  const identity = useIdentity();
  return (
    <div className="staff-denied staff-2fa">
      <div className="staff-denied__card staff-2fa__card">
        <div className="staff-2fa__brand">
          <BrandLogo variant="console" />
        </div>
        {identity.provider === 'local' ? <LocalEnrollment /> : <ClerkSecondFactor />}
        <Button variant="link" className="staff-2fa__signout" onClick={() => void identity.signOut()}>
          Cerrar Sesión
        </Button>
      </div>
    </div>
  );
}

function ClerkSecondFactor() {
  return (
    <>
      <h1>Verificación en dos pasos</h1>
      <p>
        La consola del staff exige un segundo factor. Actívalo en tu cuenta (Gestionar cuenta → Seguridad → Verificación en dos pasos) y vuelve a iniciar
        sesión.
      </p>
    </>
  );
}

function LocalEnrollment() {
  const client = useLocalIdentityClient();
  const identity = useIdentity();
  const [step, setStep] = useState<Step>({ kind: 'loading' });
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [saved, setSaved] = useState(false);

  useEffect(() => {
    let cancelled = false;
    client.beginTotpEnrollment().then(
      (enrollment) => !cancelled && setStep({ kind: 'scan', enrollment }),
      (failure: unknown) => {
        if (cancelled) return;
        if (failure instanceof IdentityFormError && failure.status === 409) setStep({ kind: 'already' });
        else setStep({ kind: 'failed', message: failure instanceof Error ? failure.message : 'No pudimos preparar la verificación.' });
      },
    );
    return () => {
      cancelled = true;
    };
  }, [client]);

  async function confirm(event: FormEvent) {
    event.preventDefault();
    if (!/^\d{6}$/.test(code)) {
      setError(code === '' ? 'Código es requerido.' : 'El código tiene 6 dígitos.');
      return;
    }
    setBusy(true);
    try {
      const { recoveryCodes, activate } = await client.confirmTotpEnrollment(code);
      setStep({ kind: 'codes', recoveryCodes, activate });
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : 'Error conectando al servidor. Por favor, inténtalo nuevamente.');
    }
    setBusy(false);
  }

  if (step.kind === 'loading') return <Spinner animation="border" role="status" aria-label="Preparando la verificación" />;
  if (step.kind === 'failed') return <Alert variant="danger">{step.message}</Alert>;
  if (step.kind === 'already') {
    return (
      <>
        <h1>Verificación en dos pasos</h1>
        <p>Tu cuenta ya tiene la verificación activada. Cierra sesión y vuelve a entrar con el código de tu app.</p>
      </>
    );
  }
  if (step.kind === 'codes') {
    return (
      <>
        <ShieldCheck className="staff-2fa__done" size={40} aria-hidden="true" />
        <h1>Guarda tus códigos de recuperación</h1>
        <p>Si pierdes el teléfono, cada uno de estos códigos te deja entrar una vez. Solo se muestran ahora: anótalos o imprímelos.</p>
        <ol className="staff-2fa__codes" aria-label="Códigos de recuperación">
          {step.recoveryCodes.map((recovery) => (
            <li key={recovery}>
              <code>{recovery}</code>
            </li>
          ))}
        </ol>
        <Form.Check
          id="staff-2fa-saved"
          className="staff-2fa__saved"
          label="Guardé mis códigos en un lugar seguro"
          checked={saved}
          onChange={(event) => setSaved(event.target.checked)}
        />
        <Button className="btn-brand w-100" disabled={!saved} onClick={step.activate}>
          Entrar a la consola
        </Button>
      </>
    );
  }
  const { enrollment } = step;
  return (
    <>
      <h1>Activa la verificación en dos pasos</h1>
      <p>
        Hola{identity.user?.firstName ? `, ${identity.user.firstName}` : ''}. La consola guarda datos de los miembros: además de tu contraseña, pediremos un
        código de tu teléfono.
      </p>
      <ol className="staff-2fa__steps">
        <li>Instala una app de autenticación (Google Authenticator, Microsoft Authenticator, 1Password…).</li>
        <li>Escanea este código QR con la app.</li>
      </ol>
      <img className="staff-2fa__qr" src={enrollment.qrCode} width={200} height={200} alt="Código QR para añadir Pulso a tu app de autenticación" />
      <p className="staff-2fa__secret">
        ¿No puedes escanearlo? Escribe esta clave en la app:
        <br />
        <code data-testid="totp-secret">{enrollment.secret.replace(/(.{4})/g, '$1 ').trim()}</code>
      </p>
      <Form noValidate onSubmit={confirm} className="text-start">
        <Form.Group className="mb-3" controlId="staff-2fa-code">
          <Form.Label>Código de 6 dígitos de la app</Form.Label>
          <Form.Control
            value={code}
            onChange={(event) => {
              setCode(event.target.value.replace(/\D/g, '').slice(0, 6));
              setError(undefined);
            }}
            inputMode="numeric"
            autoComplete="one-time-code"
            className="auth-code-input"
            isInvalid={Boolean(error)}
          />
          <Form.Control.Feedback type="invalid">{error}</Form.Control.Feedback>
        </Form.Group>
        <Button type="submit" className="btn-brand w-100" disabled={busy}>
          {busy ? <Spinner size="sm" animation="border" aria-label="Activando" /> : 'Activar verificación'}
        </Button>
      </Form>
    </>
  );
}
