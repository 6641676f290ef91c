import { SetMetadata } from '@nestjs/common';

export const IS_PUBLIC = 'pulso:isPublic';

/** A public route that still learns who calls when a valid token comes with the request (sign-out ends that token's session). */
export const READS_CALLER = 'reads-caller';

/** Opts a route out of the global authentication guard. */
export const Public = (options: { readsCaller?: boolean } = {}): MethodDecorator & ClassDecorator =>
  SetMetadata(IS_PUBLIC, options.readsCaller ? READS_CALLER : true);
