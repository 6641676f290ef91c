import { DomainError } from '../../shared/domain-error';

/** The rights a member may exercise under the Ley para la Protección de Datos Personales (ADR 0192). */
export const RIGHTS_REQUEST_TYPES = ['access', 'rectification', 'erasure', 'opposition', 'portability'] as const;
export type RightsRequestType = (typeof RIGHTS_REQUEST_TYPES)[number];

export const RIGHTS_REQUEST_TYPE_LABELS: Record<RightsRequestType, string> = {
  access: 'Acceso',
  rectification: 'Rectificación',
  erasure: 'Cancelación o supresión',
  opposition: 'Oposición',
  portability: 'Portabilidad',
};

export const RIGHTS_REQUEST_STATUSES = ['received', 'in-progress', 'answered', 'extended', 'rejected'] as const;
export type RightsRequestStatus = (typeof RIGHTS_REQUEST_STATUSES)[number];

export const RIGHTS_REQUEST_STATUS_LABELS: Record<RightsRequestStatus, string> = {
  received: 'Recibida',
  'in-progress': 'En curso',
  answered: 'Respondida',
  extended: 'Prorrogada',
  rejected: 'Rechazada',
};

/** Answered or rejected: the request is closed and its status no longer changes. */
export function isClosed(status: RightsRequestStatus): boolean {
  return status === 'answered' || status === 'rejected';
}

export const RIGHTS_REQUEST_MESSAGES = {
  type: `El tipo de solicitud debe ser uno de: ${RIGHTS_REQUEST_TYPES.join(', ')}.`,
  status: `El estado debe ser uno de: ${RIGHTS_REQUEST_STATUSES.join(', ')}.`,
  details: 'El detalle debe tener como máximo 1000 caracteres.',
  notFound: 'Solicitud no encontrada.',
  memberNotFound: 'No hay datos de ese miembro en la plataforma.',
  closed: 'Esta solicitud ya está cerrada (respondida o rechazada).',
  alreadyExtended: 'El plazo de esta solicitud ya se prorrogó una vez; la ley permite una sola prórroga.',
  backToReceived: 'Una solicitud en trámite no vuelve al estado Recibida.',
  openOfType: 'Ya tienes una solicitud de este tipo en trámite. Te responderemos antes de la fecha límite.',
} as const;

/**
 * Staff move a request along: any open request may go to en curso, respondida or rechazada;
 * prorrogada once (the law allows one extension of 20 business days); nothing reopens a closed
 * one. Setting the status it already has changes nothing (returns false).
 */
export function checkTransition(current: RightsRequestStatus, next: RightsRequestStatus, extended: boolean): boolean {
  if (current === next) return false;
  if (isClosed(current)) throw new DomainError('conflict', RIGHTS_REQUEST_MESSAGES.closed);
  if (next === 'received') throw new DomainError('conflict', RIGHTS_REQUEST_MESSAGES.backToReceived);
  if (next === 'extended' && extended) throw new DomainError('conflict', RIGHTS_REQUEST_MESSAGES.alreadyExtended);
  return true;
}
