import { Module } from '@nestjs/common';
import { IdentityController } from './identity.controller';
import { IdentityService } from './identity.service';
import { RefreshTokens } from './refresh-tokens';
import { TotpFactors } from './totp-factors';
import { VerificationCodes } from './verification-codes';

@Module({
  controllers: [IdentityController],
  providers: [IdentityService, VerificationCodes, RefreshTokens, TotpFactors],
  exports: [IdentityService],
})
export class IdentityModule {}
