import { Global, Module } from '@nestjs/common';
import { RateLimits } from './rate-limits';

/** The request limits' shared counters (ADR 0285), for the modules whose routes are limited. */
@Global()
@Module({ providers: [RateLimits], exports: [RateLimits] })
export class RateLimitsModule {}
