import { DomainError } from '../../shared/domain-error';

/**
 * The hosted provider's error codes (spec section 8) with the Spanish wording its
 * es-ES localisation uses, so a form behaves the same on Clerk and on the local
 * provider. The code travels in `details.reason`, the field in `details.field`.
 */
export type IdentityReason =
  | 'form_identifier_exists'
  | 'form_identifier_not_found'
  | 'form_password_incorrect'
  | 'form_password_length_too_short'
  | 'form_password_size_in_bytes_exceeded'
  | 'form_password_not_strong_enough'
  | 'form_password_pwned'
  | 'form_code_incorrect'
  | 'verification_expired'
  | 'verification_failed'
  | 'form_param_nil'
  | 'form_param_format_invalid'
  | 'form_param_max_length_exceeded'
  | 'session_exists';

export type IdentityField = 'firstName' | 'lastName' | 'email' | 'password' | 'code';

const FIELD_LABELS: Record<IdentityField, string> = {
  firstName: 'Nombre',
  lastName: 'Apellido',
  email: 'Correo electrónico',
  password: 'Contraseña',
  code: 'Código',
};

export const MIN_PASSWORD_LENGTH = 8;
/** scrypt has no length limit, but an unbounded input is a denial-of-service vector; Clerk caps at 72 bytes too. */
export const MAX_PASSWORD_BYTES = 72;
export const MAX_NAME_LENGTH = 256;

const MESSAGES: Record<IdentityReason, (field?: IdentityField) => string> = {
  form_identifier_exists: () => 'Este correo electrónico ya está en uso. Por favor, prueba con otro.',
  form_identifier_not_found: () => 'No se encontró ninguna cuenta con este correo electrónico.',
  form_password_incorrect: () => 'La contraseña es incorrecta. Inténtalo de nuevo.',
  form_password_length_too_short: () => `La contraseña debe tener al menos ${MIN_PASSWORD_LENGTH} caracteres.`,
  form_password_size_in_bytes_exceeded: () => `La contraseña supera el límite de ${MAX_PASSWORD_BYTES} bytes. Usa una más corta.`,
  form_password_not_strong_enough: () => 'La contraseña no es lo bastante segura: combina mayúsculas, minúsculas y números.',
  form_password_pwned: () => 'Esta contraseña aparece en listas de contraseñas filtradas y no se puede usar. Por favor, elige otra contraseña.',
  form_code_incorrect: () => 'El código es incorrecto.',
  verification_expired: () => 'El código ha caducado. Solicita uno nuevo.',
  verification_failed: () => 'Demasiados intentos con este código. Solicita uno nuevo.',
  form_param_nil: (field) => `${FIELD_LABELS[field ?? 'email']} es ${field === 'password' ? 'requerida' : 'requerido'}.`,
  form_param_format_invalid: (field) =>
    field === 'email' ? 'El correo electrónico debe tener un formato válido.' : `${FIELD_LABELS[field ?? 'email']} no tiene un formato válido.`,
  form_param_max_length_exceeded: (field) => `${FIELD_LABELS[field ?? 'firstName']} no puede superar los ${MAX_NAME_LENGTH} caracteres.`,
  session_exists: () => 'Ya has iniciado sesión',
};

const KIND: Partial<Record<IdentityReason, 'conflict'>> = { form_identifier_exists: 'conflict', session_exists: 'conflict' };

export function identityMessage(reason: IdentityReason, field?: IdentityField): string {
  return MESSAGES[reason](field);
}

export function identityError(reason: IdentityReason, field?: IdentityField): DomainError {
  return new DomainError(KIND[reason] ?? 'invalid', identityMessage(reason, field), field ? { reason, field } : { reason });
}
