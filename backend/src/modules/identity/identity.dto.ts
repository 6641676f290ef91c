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

  @ApiProperty({ description: 'La sesión pasó la verificación en dos pasos (la consola del staff la exige)', example: false })
  secondFactor: boolean;
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
  @ApiProperty({ enum: ['complete', 'needs_verification', 'needs_second_factor'], example: 'complete' })
  status: 'complete' | 'needs_verification' | 'needs_second_factor';

  @ApiPropertyOptional({ type: SessionDto, description: 'Presente cuando status es complete' })
  session?: SessionDto;

  @ApiPropertyOptional({ example: 'ana@example.com', description: 'Presente cuando status es needs_verification o needs_second_factor' })
  email?: string;

  @ApiPropertyOptional({ description: 'Presente cuando status es needs_second_factor: se envía con el código en /identity/second-factor', example: 'q3J…' })
  challenge?: string;
}

export class SecondFactorDto {
  @ApiProperty({ description: 'El valor challenge que devolvió sign-in', example: 'q3J…' })
  @Allow()
  challenge: string;

  @ApiProperty({ example: '492039', description: 'El código de 6 dígitos de la app de autenticación o un código de recuperación' })
  @Allow()
  code: string;
}

export class ConfirmTotpDto {
  @ApiProperty({ example: '492039', description: 'El primer código de 6 dígitos que muestra la app de autenticación' })
  @Allow()
  code: string;
}

export class SecondFactorStatusDto {
  @ApiProperty({ description: 'La cuenta necesita verificación en dos pasos (staff)', example: true })
  required: boolean;

  @ApiProperty({ example: false })
  enrolled: boolean;

  @ApiProperty({ description: 'Códigos de recuperación sin usar', example: 10 })
  recoveryCodesLeft: number;
}

export class TotpEnrollmentDto {
  @ApiProperty({ description: 'El secreto en base32, para escribirlo a mano en la app', example: 'JBSWY3DPEHPK3PXP' })
  secret: string;

  @ApiProperty({ example: 'otpauth://totp/Pulso:ana%40example.com?secret=JBSWY3DPEHPK3PXP&period=30&digits=6&algorithm=SHA1&issuer=Pulso' })
  otpauthUrl: string;

  @ApiProperty({ description: 'El código QR del enlace otpauth, como data URL SVG', example: 'data:image/svg+xml;base64,PHN2Zy…' })
  qrCode: string;
}

export class TotpEnrolledDto {
  @ApiProperty({ type: [String], description: 'Diez códigos de recuperación de un solo uso: se muestran solo esta vez', example: ['k7m2p-x9dqa'] })
  recoveryCodes: string[];

  @ApiProperty({ type: SessionDto })
  session: SessionDto;
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
