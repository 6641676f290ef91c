import { Body, Controller, Get, Header, HttpCode, Inject, Post, Req, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiCookieAuth, ApiNoContentResponse, ApiOkResponse, ApiTags, ApiTooManyRequestsResponse } from '@nestjs/swagger';
import type { CookieOptions, Request, Response } from 'express';
import { APP_CONFIG } from '../../config/app-config';
import type { AppConfig } from '../../config/app-config';
import type { AuthUser } from '../../infrastructure/auth/auth-user';
import { CurrentUser } from '../../infrastructure/auth/current-user.decorator';
import { LocalSigningKeys } from '../../infrastructure/auth/local-signing-keys';
import { Public } from '../../infrastructure/http/public.decorator';
import { DomainError } from '../../shared/domain-error';
import {
  ConfirmTotpDto,
  IdentityUserDto,
  JwksDto,
  ResendCodeDto,
  SecondFactorDto,
  SecondFactorStatusDto,
  SessionDto,
  SignInDto,
  SignInResultDto,
  SignUpDto,
  TotpEnrolledDto,
  TotpEnrollmentDto,
  VerificationSentDto,
  VerifyEmailDto,
} from './identity.dto';
import { IdentityService, LocalSession, RequestContext } from './identity.service';

export const REFRESH_COOKIE = 'pulso_refresh';
/** The cookie only travels to the identity endpoints, never with ordinary API calls or page loads. */
const REFRESH_COOKIE_PATH = '/api/identity';

@ApiTags('identity')
@Controller('identity')
export class IdentityController {
  constructor(
    private readonly identity: IdentityService,
    private readonly keys: LocalSigningKeys,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Public()
  @Post('sign-up')
  @ApiOkResponse({ type: VerificationSentDto, description: 'Cuenta pendiente: se envió un código de verificación' })
  @ApiTooManyRequestsResponse({ description: 'Demasiados intentos' })
  @HttpCode(200)
  signUpLocalAccount(@Body() body: SignUpDto, @Req() request: Request): Promise<VerificationSentDto> {
    this.requireLocal();
    return this.identity.signUp(body, this.context(request));
  }

  @Public()
  @Post('verification-code')
  @HttpCode(200)
  @ApiOkResponse({ type: VerificationSentDto })
  resendVerificationCode(@Body() body: ResendCodeDto, @Req() request: Request): Promise<VerificationSentDto> {
    this.requireLocal();
    return this.identity.resendCode(body.email, this.context(request));
  }

  @Public()
  @Post('verify-email')
  @HttpCode(200)
  @ApiOkResponse({ type: SessionDto, description: 'Correo verificado y sesión iniciada' })
  async verifyLocalEmail(@Body() body: VerifyEmailDto, @Req() request: Request, @Res({ passthrough: true }) response: Response): Promise<SessionDto> {
    this.requireLocal();
    return this.startSession(await this.identity.verify(body.email, body.code, this.context(request)), response);
  }

  @Public()
  @Post('sign-in')
  @HttpCode(200)
  @ApiOkResponse({ type: SignInResultDto })
  @ApiTooManyRequestsResponse({ description: 'Demasiados intentos' })
  async signInLocalAccount(@Body() body: SignInDto, @Req() request: Request, @Res({ passthrough: true }) response: Response): Promise<SignInResultDto> {
    this.requireLocal();
    const result = await this.identity.signIn(body.email, body.password, this.context(request));
    if (result.status === 'needs_verification') return { status: result.status, email: result.email };
    if (result.status === 'needs_second_factor') return { status: result.status, email: result.email, challenge: result.challenge };
    return { status: 'complete', session: this.startSession(result.session, response) };
  }

  /** Step 2 of a staff sign-in (ADR 0210): the authenticator app's code or a recovery code. */
  @Public()
  @Post('second-factor')
  @HttpCode(200)
  @ApiOkResponse({ type: SessionDto, description: 'Código aceptado y sesión iniciada con verificación en dos pasos' })
  @ApiTooManyRequestsResponse({ description: 'Demasiados intentos' })
  async attemptSecondFactor(@Body() body: SecondFactorDto, @Req() request: Request, @Res({ passthrough: true }) response: Response): Promise<SessionDto> {
    this.requireLocal();
    return this.startSession(await this.identity.attemptSecondFactor(body.challenge, body.code, this.context(request)), response);
  }

  @Get('second-factor')
  @ApiBearerAuth()
  @ApiOkResponse({ type: SecondFactorStatusDto })
  getSecondFactorStatus(@CurrentUser() user: AuthUser): Promise<SecondFactorStatusDto> {
    this.requireLocal();
    return this.identity.secondFactorStatus(user);
  }

  @Post('second-factor/enrollment')
  @HttpCode(200)
  @ApiBearerAuth()
  @ApiOkResponse({ type: TotpEnrollmentDto, description: 'Un secreto nuevo y su código QR; se confirma con el primer código' })
  beginTotpEnrollment(@CurrentUser() user: AuthUser, @Res({ passthrough: true }) response: Response): Promise<TotpEnrollmentDto> {
    this.requireLocal();
    response.setHeader('Cache-Control', 'no-store');
    return this.identity.beginTotpEnrollment(user);
  }

  @Post('second-factor/enrollment/confirm')
  @HttpCode(200)
  @ApiBearerAuth()
  @ApiOkResponse({ type: TotpEnrolledDto, description: 'Verificación activada: códigos de recuperación (se muestran una sola vez) y una sesión nueva' })
  @ApiTooManyRequestsResponse({ description: 'Demasiados intentos' })
  async confirmTotpEnrollment(
    @CurrentUser() user: AuthUser,
    @Body() body: ConfirmTotpDto,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ): Promise<TotpEnrolledDto> {
    this.requireLocal();
    const { recoveryCodes, session } = await this.identity.confirmTotpEnrollment(user, body.code, this.context(request));
    return { recoveryCodes, session: this.startSession(session, response) };
  }

  @Public()
  @Post('refresh')
  @HttpCode(200)
  @ApiCookieAuth(REFRESH_COOKIE)
  @ApiOkResponse({ type: SessionDto, description: 'Nuevo token de acceso; la cookie de renovación rota' })
  @ApiNoContentResponse({ description: 'Sin cookie de renovación: no hay sesión' })
  async refreshLocalSession(@Req() request: Request, @Res({ passthrough: true }) response: Response): Promise<SessionDto | undefined> {
    this.requireLocal();
    const cookie = this.refreshCookie(request);
    // Every visit asks; a visitor without a session is an ordinary answer, not an error in the console.
    if (!cookie) {
      response.status(204);
      return undefined;
    }
    try {
      return this.startSession(await this.identity.refresh(cookie), response);
    } catch (error) {
      response.clearCookie(REFRESH_COOKIE, this.cookieOptions());
      throw error;
    }
  }

  @Public({ readsCaller: true })
  @Post('sign-out')
  @HttpCode(204)
  @ApiCookieAuth(REFRESH_COOKIE)
  @ApiBearerAuth()
  @ApiNoContentResponse({ description: 'Sesión cerrada: la de la cookie de renovación y, si llega un token de acceso válido, la suya (sid)' })
  async signOutLocalSession(@Req() request: Request & { user?: AuthUser }, @Res({ passthrough: true }) response: Response): Promise<void> {
    await this.identity.signOut(this.refreshCookie(request), request.user);
    response.clearCookie(REFRESH_COOKIE, this.cookieOptions());
  }

  /** Who the bearer token says the caller is, for either provider. */
  @Get('me')
  @ApiBearerAuth()
  @ApiOkResponse({ type: IdentityUserDto })
  getCurrentIdentity(@CurrentUser() user: AuthUser): IdentityUserDto {
    return { userId: user.userId, email: user.email, firstName: user.firstName, lastName: user.lastName, role: user.role, secondFactor: user.secondFactor };
  }

  @Public()
  @Get('.well-known/jwks.json')
  @Header('Cache-Control', 'public, max-age=300')
  @ApiOkResponse({ type: JwksDto })
  async getLocalJwks(): Promise<JwksDto> {
    const { keys } = await this.keys.jwks();
    return { keys: keys as Record<string, unknown>[] };
  }

  private startSession(session: LocalSession, response: Response): SessionDto {
    response.cookie(REFRESH_COOKIE, session.refresh.token, { ...this.cookieOptions(), expires: session.refresh.expiresAt });
    response.setHeader('Cache-Control', 'no-store');
    return { accessToken: session.accessToken, expiresIn: session.expiresIn, user: session.user };
  }

  private cookieOptions(): CookieOptions {
    return { httpOnly: true, sameSite: 'strict', secure: this.config.publicUrl.startsWith('https:'), path: REFRESH_COOKIE_PATH };
  }

  private refreshCookie(request: Request): string | undefined {
    const value: unknown = request.cookies?.[REFRESH_COOKIE];
    return typeof value === 'string' && value !== '' ? value : undefined;
  }

  private context(request: Request): RequestContext {
    return { ip: request.ip ?? 'unknown', refreshToken: this.refreshCookie(request) };
  }

  /** With Clerk in charge, a second way to sign in would bypass its policies. */
  private requireLocal(): void {
    if (this.config.auth.provider !== 'local') {
      throw new DomainError('not-found', 'El inicio de sesión se gestiona con el proveedor de identidad configurado.');
    }
  }
}
