import { Global, Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { PassportModule } from '@nestjs/passport';
import { JwtAuthGuard } from './jwt-auth.guard';
import { JwtStrategy } from './jwt.strategy';
import { LocalSigningKeys } from './local-signing-keys';
import { Revocations } from './revocations';
import { RolesGuard } from './roles.guard';

/** Global guards run in registration order: authentication first, then roles. */
@Global()
@Module({
  imports: [PassportModule],
  providers: [LocalSigningKeys, Revocations, JwtStrategy, { provide: APP_GUARD, useClass: JwtAuthGuard }, { provide: APP_GUARD, useClass: RolesGuard }],
  exports: [LocalSigningKeys, Revocations],
})
export class AuthModule {}
