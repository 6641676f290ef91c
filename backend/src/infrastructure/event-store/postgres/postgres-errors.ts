import { DatabaseError } from 'pg';
import { EventStoreUnavailableError } from '../event-store.port';

/**
 * Which PostgreSQL failures are transient for the event store: connection loss, resources, deadlock and
 * serialization. They reach callers as `EventStoreUnavailableError`, which says a retry may succeed;
 * every other error stays as the database raised it.
 */
const TRANSIENT = /^(08|53|57P0|40001|40P01)/;

export function isTransient(error: DatabaseError): boolean {
  return error.code !== undefined && TRANSIENT.test(error.code);
}

export function mapError(error: unknown): unknown {
  if (error instanceof DatabaseError)
    return isTransient(error) ? new EventStoreUnavailableError('El almacén de eventos no está disponible.', { cause: error }) : error;
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (code === 'ECONNREFUSED' || code === 'ECONNRESET' || code === 'ETIMEDOUT' || /Connection terminated/.test(String(error))) {
    return new EventStoreUnavailableError('El almacén de eventos no está disponible.', { cause: error });
  }
  return error;
}
