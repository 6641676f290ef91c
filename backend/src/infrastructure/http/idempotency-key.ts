/**
 * What the `Idempotency-Key` header of the member writes answers when it is wrong (ADR 0100): a key
 * that is not a UUID (400), and a key already used for another request (422). The member writer
 * (`modules/members/member-streams.ts`) enforces them; the OpenAPI file documents them.
 */
export const IDEMPOTENCY_KEY_MESSAGE = 'El encabezado Idempotency-Key debe ser un UUID.';
export const IDEMPOTENCY_KEY_REUSED_MESSAGE = 'Esta clave Idempotency-Key ya se usó para otra solicitud. Genera una clave nueva para cada operación distinta.';
