import { IdentityFormError } from '../../shared/identity/local-identity-client';

/** Messages by field, plus `form` for a refusal that names no field. */
export type FieldErrors<F extends string> = { [K in F | 'form']?: string };

/** Puts a server refusal next to the field it names, or above the form when it names none. */
export function fieldErrorsFrom<F extends string>(error: unknown, fields: readonly F[]): FieldErrors<F> {
  const errors: FieldErrors<F> = {};
  if (error instanceof IdentityFormError) {
    const field = fields.find((name) => name === error.field);
    errors[field ?? 'form'] = error.message;
  } else {
    errors.form = 'Error conectando al servidor. Por favor, inténtalo nuevamente.';
  }
  return errors;
}

/** Labels whose noun is feminine ('Contraseña es requerida.', as the spec's 'Fecha es requerida.'). */
const FEMININE = new Set(['Contraseña']);

/** The "required" wording the server uses too, checked before a round trip. */
export function requiredErrors<F extends string>(values: Record<F, string>, labels: Record<F, string>): FieldErrors<F> {
  const errors: FieldErrors<F> = {};
  for (const field of Object.keys(labels) as F[]) {
    if (values[field].trim() === '') errors[field] = `${labels[field]} es ${FEMININE.has(labels[field]) ? 'requerida' : 'requerido'}.`;
  }
  return errors;
}
