import { SetMetadata } from '@nestjs/common';

export const IS_PUBLIC = 'pulso:isPublic';

/** Opts a route out of the global authentication guard. */
export const Public = (): MethodDecorator & ClassDecorator => SetMetadata(IS_PUBLIC, true);
