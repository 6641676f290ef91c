import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

export class AuthSettingsDto {
  @ApiProperty({ enum: ['local', 'clerk'], example: 'local' })
  provider: 'local' | 'clerk';

  @ApiPropertyOptional({ example: 'pk_live_Y2xlcmsucHVsc28uc3Yk' })
  clerkPublishableKey?: string;
}

export class ContactSettingsDto {
  @ApiProperty({ example: 'servicioalcliente@pulso.sv' })
  email: string;

  @ApiProperty({ example: '+503 7845-2210' })
  phone: string;

  @ApiProperty({ example: '50378452210' })
  whatsappNumber: string;

  @ApiProperty({ example: 'https://wa.me/50378452210' })
  whatsappUrl: string;

  @ApiProperty({ example: 'Paseo El Carmen, 2a Av. Norte #14, Santa Tecla, La Libertad, El Salvador' })
  address: string;
}

export class SocialLinksDto {
  @ApiProperty({ example: 'https://www.facebook.com/pulso.sv' })
  facebook: string;

  @ApiProperty({ example: 'https://x.com/pulso_sv' })
  twitter: string;

  @ApiProperty({ example: 'https://www.instagram.com/pulso.sv' })
  instagram: string;
}

export class PaymentLinkPairDto {
  @ApiProperty({ example: 'https://pagos.pulso.sv/b/elite-mensual' })
  recurring: string;

  @ApiProperty({ example: 'https://pagos.pulso.sv/b/elite' })
  oneTime: string;
}

export class RuntimeConfigDto {
  @ApiProperty({ example: 'Pulso' })
  studioName: string;

  @ApiProperty({ type: AuthSettingsDto })
  auth: AuthSettingsDto;

  @ApiProperty({ type: ContactSettingsDto })
  contact: ContactSettingsDto;

  @ApiProperty({ type: SocialLinksDto })
  social: SocialLinksDto;

  @ApiProperty({ example: 'https://apps.apple.com/sv/app/pulso-studio/id0000000000' })
  appStoreUrl: string;

  @ApiProperty({
    description: 'Enlace de pago por membresía: una URL (precio fijo) o un par {recurring, oneTime}',
    type: 'object',
    additionalProperties: { oneOf: [{ type: 'string' }, { $ref: '#/components/schemas/PaymentLinkPairDto' }] },
    example: {
      elite: { recurring: 'https://pagos.pulso.sv/b/elite-mensual', oneTime: 'https://pagos.pulso.sv/b/elite' },
      sensor: 'https://pagos.pulso.sv/b/sensor',
    },
  })
  paymentLinks: Record<string, string | PaymentLinkPairDto>;

  @ApiPropertyOptional({ example: 'https://media.pulso.sv' })
  mediaCdnBase?: string;
}
