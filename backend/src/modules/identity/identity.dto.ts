import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Allow } from 'class-validator';

/*
 * The form DTOs only whitelist their fields (`@Allow`): the identity service checks
 * them itself so each failure carries the hosted provider's error code (spec
 * section 8) instead of a generic validation message.
 */

export class SignUpDto {
  @ApiProperty({ example: 'Ana' })
  @Allow()
  firstName: string;

  @ApiProperty({ example: 'Martínez' })
  @Allow()
  lastName: string;

  @ApiProperty({ example: 'ana@example.com' })
  @Allow()
  email: string;

  @ApiProperty({ example: 'Entrena-Fuerte-24', description: 'Mínimo 8 caracteres con mayúsculas, minúsculas y números' })
  @Allow()
  password: string;
}

export class SignInDto {
  @ApiProperty({ example: 'ana@example.com' })
  @Allow()
  email: string;

  @ApiProperty({ example: 'Entrena-Fuerte-24' })
  @Allow()
  password: string;
}

export class VerifyEmailDto {
  @ApiProperty({ example: 'ana@example.com' })
  @Allow()
  email: string;

  @ApiProperty({ example: '042917', description: 'El código de 6 dígitos enviado por correo' })
  @Allow()
  code: string;
}

export class ResendCodeDto {
  @ApiProperty({ example: 'ana@example.com' })
  @Allow()
  email: string;
}

export class IdentityUserDto {
  @ApiProperty({ example: '5f0c6a8e-3b1d-4c1e-9a57-2f7d7f1c9b10' })
  userId: string;

  @ApiProperty({ example: 'ana@example.com' })
  email: string;

  @ApiProperty({ example: 'Ana' })
  firstName: string;

  @ApiProperty({ example: 'Martínez' })
  lastName: string;

  @ApiProperty({ enum: ['member', 'staff'], example: 'member' })
  role: 'member' | 'staff';
}

export class SessionDto {
  @ApiProperty({ description: 'Token de acceso RS256 para la cabecera Authorization: Bearer', example: 'eyJhbGciOiJSUzI1NiIs…' })
  accessToken: string;

  @ApiProperty({ description: 'Segundos de validez del token de acceso', example: 600 })
  expiresIn: number;

  @ApiProperty({ type: IdentityUserDto })
  user: IdentityUserDto;
}

export class SignInResultDto {
  @ApiProperty({ enum: ['complete', 'needs_verification'], example: 'complete' })
  status: 'complete' | 'needs_verification';

  @ApiPropertyOptional({ type: SessionDto, description: 'Presente cuando status es complete' })
  session?: SessionDto;

  @ApiPropertyOptional({ example: 'ana@example.com', description: 'Presente cuando status es needs_verification' })
  email?: string;
}

export class VerificationSentDto {
  @ApiProperty({ example: 'ana@example.com', description: 'El correo al que se envió el código' })
  email: string;
}

export class JwksDto {
  @ApiProperty({
    type: 'array',
    items: { type: 'object', additionalProperties: true },
    example: [{ kty: 'RSA', kid: '7c1e…', alg: 'RS256', use: 'sig', n: '0vx7…', e: 'AQAB' }],
  })
  keys: Record<string, unknown>[];
}
