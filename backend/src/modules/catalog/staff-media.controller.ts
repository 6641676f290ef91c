import { Controller, Delete, Get, HttpCode, Param, Post, UploadedFile, UseInterceptors } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiBody, ApiConsumes, ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { AuthUser } from '../../infrastructure/auth/auth-user';
import { CurrentUser } from '../../infrastructure/auth/current-user.decorator';
import { Roles } from '../../infrastructure/auth/roles.decorator';
import { ExerciseMediaKindParamDto, ExerciseMediaParamDto, MediaUploadDto, MediaUploadFormDto, StaffMediaDto, TrainerMediaParamDto } from './dto/media-uploads.dto';
import { ListMedia } from './list-media.query';
import { MediaUploadInterceptor, type IncomingMediaFile } from './media-upload.interceptor';
import { MEDIA_MESSAGES } from './media-sniff';
import { RevertMedia } from './revert-media.command';
import { UploadMedia } from './upload-media.command';

const TOO_LARGE = { status: 413, description: `Demasiado grande: "${MEDIA_MESSAGES.photoTooBig}" o "${MEDIA_MESSAGES.videoTooBig}"` };
const UNSUPPORTED = { status: 415, description: `Formato que habría que convertir (MOV, HEIC, AVI, MKV...) o que no es foto ni video: "${MEDIA_MESSAGES.unknownFormat}"` };

/** Staff: the studio's own photos and videos for exercises and trainers (page "Medios", ADR 0221). */
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
  uploadExerciseMedia(@CurrentUser() staff: AuthUser, @Param() params: ExerciseMediaParamDto, @UploadedFile() file: IncomingMediaFile | undefined): Promise<MediaUploadDto> {
    return this.commandBus.execute(new UploadMedia(staff, { kind: 'exercise', id: params.exerciseId.toLowerCase() }, file));
  }

  @Delete('exercises/:exerciseId/:mediaKind')
  @HttpCode(204)
  @ApiOperation({ summary: 'Quita la foto o el video del estudio de un ejercicio: vuelve la demostración ilustrada' })
  @ApiNoContentResponse({ description: 'Vuelve la demostración' })
  revertExerciseMedia(@Param() params: ExerciseMediaKindParamDto): Promise<void> {
    return this.commandBus.execute(new RevertMedia({ kind: 'exercise', id: params.exerciseId.toLowerCase() }, params.mediaKind));
  }

  @Post('trainers/:trainerId')
  @UseInterceptors(MediaUploadInterceptor)
  @ApiOperation({ summary: 'Sube la foto (JPEG, PNG o WebP) de un entrenador; sustituye el retrato ilustrado del sitio' })
  @ApiConsumes('multipart/form-data')
  @ApiBody({ type: MediaUploadFormDto })
  @ApiCreatedResponse({ type: MediaUploadDto })
  @ApiResponse(TOO_LARGE)
  @ApiResponse(UNSUPPORTED)
  uploadTrainerPhoto(@CurrentUser() staff: AuthUser, @Param() params: TrainerMediaParamDto, @UploadedFile() file: IncomingMediaFile | undefined): Promise<MediaUploadDto> {
    return this.commandBus.execute(new UploadMedia(staff, { kind: 'trainer', id: params.trainerId }, file));
  }

  @Delete('trainers/:trainerId')
  @HttpCode(204)
  @ApiOperation({ summary: 'Quita la foto de un entrenador: vuelve el retrato ilustrado' })
  @ApiNoContentResponse({ description: 'Vuelve el retrato' })
  revertTrainerPhoto(@Param() params: TrainerMediaParamDto): Promise<void> {
    return this.commandBus.execute(new RevertMedia({ kind: 'trainer', id: params.trainerId }, 'photo'));
  }
}
