import { MailOutbox1763800000000 } from './1763800000000-mail-outbox';

/** Every migration, in order. A new one is added here in the same commit that creates it. */
export const migrations = [MailOutbox1763800000000];
