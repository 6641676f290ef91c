import { useState, type ChangeEvent, type FormEvent } from 'react';
import { fieldErrorsFrom, requiredErrors, type FieldErrors } from './form-errors';

/**
 * A local identity form (sign-in, sign-up): its values, the required-field check before a
 * round trip, the server's refusals beside their fields, and the e-mail that waits for its
 * code. `send` answers that e-mail, or nothing when it has moved the member on (the form
 * then stays busy until the page changes).
 */
export function useLocalAuthForm<F extends string>(labels: Record<F, string>, send: (values: Record<F, string>) => Promise<string | undefined>) {
  const fields = Object.keys(labels) as F[];
  const [values, setValues] = useState(() => Object.fromEntries(fields.map((field) => [field, ''])) as Record<F, string>);
  const [errors, setErrors] = useState<FieldErrors<F>>({});
  const [busy, setBusy] = useState(false);
  const [pendingEmail, setPendingEmail] = useState<string>();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const missing = requiredErrors(values, labels);
    setErrors(missing);
    if (Object.keys(missing).length) return;
    setBusy(true);
    try {
      const email = await send(values);
      if (email === undefined) return;
      setPendingEmail(email);
    } catch (error) {
      setErrors(fieldErrorsFrom(error, fields));
    }
    setBusy(false);
  }

  const change = (field: F) => (event: ChangeEvent<HTMLInputElement>) => {
    setValues({ ...values, [field]: event.target.value });
    setErrors({ ...errors, [field]: undefined, form: undefined });
  };

  return { values, errors, busy, pendingEmail, submit, change };
}
