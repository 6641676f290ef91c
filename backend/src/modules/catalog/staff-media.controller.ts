import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, UploadedFile, UseInterceptors } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import {
  ApiBearerAuth,
  ApiBody,
  ApiConsumes,
  ApiCreatedResponse,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiOperation,
  ApiResponse,
  ApiTags,
} from '@nestjs/swagger';
import type { AuthUser } from '../../infrastructure/auth/auth-user';
import { CurrentUser } from '../../infrastructure/auth/current-user.decorator';
import { Roles } from '../../infrastructure/auth/roles.decorator';
import {
  ExerciseMediaKindParamDto,
  ExerciseMediaParamDto,
  LandingImageDetailsDto,
  LandingImageFieldsDto,
  LandingImageFormDto,
  LandingPlaceParamDto,
  MediaUploadDto,
  MediaUploadFormDto,
  StaffLandingImageDto,
  StaffMediaDto,
} from './dto/media-uploads.dto';
import { LANDING_PHOTO_MESSAGES } from './landing-photo-sizes';
import { ListMedia } from './list-media.query';
import { MediaUploadInterceptor, type IncomingMediaFile } from './media-upload.interceptor';
import { MEDIA_MESSAGES } from './media-sniff';
import { RevertLandingImage } from './revert-landing-image.command';
import { RevertMedia } from './revert-media.command';
import { UpdateLandingImage } from './update-landing-image.command';
import { UploadLandingImage } from './upload-landing-image.command';
import { UploadMedia } from './upload-media.command';

const TOO_LARGE = { status: 413, description: `Demasiado grande: "${MEDIA_MESSAGES.photoTooBig}" o "${MEDIA_MESSAGES.videoTooBig}"` };
const UNSUPPORTED = {
  status: 415,
  description: `Formato que habría que convertir (MOV, HEIC, AVI, MKV...) o que no es foto ni video: "${MEDIA_MESSAGES.unknownFormat}"`,
};

/** Staff: the studio's own photos and videos for exercises (ADR 0221) and the landing's photos (ADR 0300), page "Medios". */
@ApiTags('staff')
@ApiBearerAuth()
@Roles('staff')
@Controller('staff/media')
export class StaffMediaController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly queryBus: QueryBus,
  ) {}

  @Get()
  @ApiOperation({ summary: 'Ejercicios en uso y entrenadores, con la foto o el video del estudio que los sustituye' })
  @ApiOkResponse({ type: StaffMediaDto })
  listStaffMedia(): Promise<StaffMediaDto> {
    return this.queryBus.execute(new ListMedia());
  }

  @Post('exercises/:exerciseId')
  @UseInterceptors(MediaUploadInterceptor)
  @ApiOperation({ summary: 'Sube el video (MP4 o WebM) o la foto (JPEG, PNG o WebP) de un ejercicio; sustituye la demostración ilustrada' })
  @ApiConsumes('multipart/form-data')
  @ApiBody({ type: MediaUploadFormDto })
  @ApiCreatedResponse({ type: MediaUploadDto })
  @ApiResponse(TOO_LARGE)
  @ApiResponse(UNSUPPORTED)
  uploadExerciseMedia(
    @CurrentUser() staff: AuthUser,
    @Param() params: ExerciseMediaParamDto,
    @UploadedFile() file: IncomingMediaFile | undefined,
  ): Promise<MediaUploadDto> {
    return this.commandBus.execute(new UploadMedia(staff, { kind: 'exercise', id: params.exerciseId.toLowerCase() }, file));
  }

  @Delete('exercises/:exerciseId/:mediaKind')
  @HttpCode(204)
  @ApiOperation({ summary: 'Quita la foto o el video del estudio de un ejercicio: vuelve la demostración ilustrada' })
  @ApiNoContentResponse({ description: 'Vuelve la demostración' })
  revertExerciseMedia(@Param() params: ExerciseMediaKindParamDto): Promise<void> {
    return this.commandBus.execute(new RevertMedia({ kind: 'exercise', id: params.exerciseId.toLowerCase() }, params.mediaKind));
  }

  @Post('landing/:place')
  @UseInterceptors(MediaUploadInterceptor)
  @ApiOperation({
    summary: 'Sube la foto (JPEG, PNG o WebP) de un lugar del inicio con su texto alternativo y su punto focal; se generan sus tamaños AVIF y WebP',
  })
  @ApiConsumes('multipart/form-data')
  @ApiBody({ type: LandingImageFormDto })
  @ApiCreatedResponse({ type: StaffLandingImageDto })
  @ApiResponse(TOO_LARGE)
  @ApiResponse(UNSUPPORTED)
  @ApiResponse({ status: 422, description: `Foto más angosta que el mínimo del lugar: "${LANDING_PHOTO_MESSAGES.tooSmall(600, 400, 'Portada', 640)}"` })
  uploadLandingImage(
    @CurrentUser() staff: AuthUser,
    @Param() params: LandingPlaceParamDto,
    @UploadedFile() file: IncomingMediaFile | undefined,
    @Body() fields: LandingImageFieldsDto,
  ): Promise<StaffLandingImageDto> {
    return this.commandBus.execute(new UploadLandingImage(staff, params.place, file, fields));
  }

  @Patch('landing/:place')
  @ApiOperation({ summary: 'Cambia el texto alternativo o el punto focal de la foto de un lugar del inicio' })
  @ApiOkResponse({ type: StaffLandingImageDto })
  updateLandingImage(@Param() params: LandingPlaceParamDto, @Body() details: LandingImageDetailsDto): Promise<StaffLandingImageDto> {
    return this.commandBus.execute(new UpdateLandingImage(params.place, details));
  }

  @Delete('landing/:place')
  @HttpCode(204)
  @ApiOperation({ summary: 'Quita la foto de un lugar del inicio: vuelve la ilustración (en la portada, el fondo dibujado)' })
  @ApiNoContentResponse({ description: 'Vuelve la ilustración' })
  revertLandingImage(@Param() params: LandingPlaceParamDto): Promise<void> {
    return this.commandBus.execute(new RevertLandingImage(params.place));
  }
}
