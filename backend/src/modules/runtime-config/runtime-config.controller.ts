import { Controller, Get, Header, Inject } from '@nestjs/common';
import { ApiExtraModels, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { APP_CONFIG } from '../../config/app-config';
import type { AppConfig } from '../../config/app-config';
import { Public } from '../../infrastructure/http/public.decorator';
import { PaymentLinkPairDto, RuntimeConfigDto } from './runtime-config.dto';

/** Deploy-specific values the SPA needs, so one build serves every deployment. */
@ApiTags('config')
@ApiExtraModels(PaymentLinkPairDto)
@Public()
@Controller('config')
export class RuntimeConfigController {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  @Get()
  @Header('Cache-Control', 'public, max-age=60')
  @ApiOkResponse({ type: RuntimeConfigDto })
  getRuntimeConfig(): RuntimeConfigDto {
    const { studio, auth, media } = this.config;
    return {
      studioName: studio.name,
      auth: { provider: auth.provider, clerkPublishableKey: auth.provider === 'clerk' ? auth.clerkPublishableKey : undefined },
      contact: {
        email: studio.contactEmail,
        phone: studio.contactPhone,
        whatsappNumber: studio.whatsappNumber,
        whatsappUrl: `https://wa.me/${studio.whatsappNumber}`,
        address: studio.address,
      },
      social: studio.social,
      appStoreUrl: studio.appStoreUrl,
      paymentLinks: studio.paymentLinks,
      mediaCdnBase: media.cdnBase,
    };
  }
}
