import { ApiProperty } from '@nestjs/swagger';
import { IsBoolean, IsIn, IsInt, IsString, IsUUID, MaxLength } from 'class-validator';
import { CHALLENGE_GOAL_TYPES, type ChallengeGoalType } from '../challenges.rules';

export class CreateChallengeDto {
  @ApiProperty({ example: 'Reto de diciembre: 12 entrenamientos', description: 'Entre 3 y 80 caracteres' })
  @IsString()
  @MaxLength(200)
  name: string;

  @ApiProperty({ example: '2026-12', description: 'Mes del reto (AAAA-MM), el mes en curso o uno próximo' })
  @IsString()
  @MaxLength(20)
  month: string;

  @ApiProperty({ enum: CHALLENGE_GOAL_TYPES, example: 'workouts', description: 'Qué cuenta: entrenamientos, minutos o Puntos Pulso' })
  @IsIn(CHALLENGE_GOAL_TYPES)
  goalType: ChallengeGoalType;

  @ApiProperty({ example: 12, description: 'La meta del mes, un entero mayor que cero' })
  @IsInt()
  target: number;
}

export class ChallengeIdParamDto {
  @ApiProperty({ description: 'Id del reto' })
  @IsUUID()
  challengeId: string;
}

export class UpdateLeaderboardPreferenceDto {
  @ApiProperty({ example: true, description: 'true para aparecer en la clasificación de los retos' })
  @IsBoolean()
  visible: boolean;

  @ApiProperty({ example: false, description: 'true para mostrar el nombre ("Carla M."); por defecto solo las iniciales ("C. M.")' })
  @IsBoolean()
  showName: boolean;
}

export class ChallengeDto {
  @ApiProperty()
  challengeId: string;

  @ApiProperty({ example: 'Reto de diciembre' })
  name: string;

  @ApiProperty({ example: '2026-12' })
  month: string;

  @ApiProperty({ enum: CHALLENGE_GOAL_TYPES, example: 'workouts' })
  goalType: ChallengeGoalType;

  @ApiProperty({ example: 12 })
  target: number;

  @ApiProperty({ example: '2026-11-24T14:05:00.000Z' })
  createdAt: string;

  @ApiProperty({ type: String, nullable: true, description: 'Cuándo se archivó; null si sigue vigente' })
  archivedAt: string | null;
}

export class StaffChallengeDto extends ChallengeDto {
  @ApiProperty({ example: 8, description: 'Miembros que se unieron' })
  participants: number;

  @ApiProperty({ example: 3, description: 'Miembros que alcanzaron la meta' })
  finishers: number;
}

export class StaffChallengesDto {
  @ApiProperty({ type: [StaffChallengeDto], description: 'Del mes más reciente al más antiguo' })
  items: StaffChallengeDto[];
}

export class ChallengeParticipantDto {
  @ApiProperty({ example: 1, description: 'Posición por avance, como en la clasificación (empates comparten posición)' })
  rank: number;

  @ApiProperty()
  userId: string;

  @ApiProperty({ type: String, nullable: true })
  firstName: string | null;

  @ApiProperty({ type: String, nullable: true })
  lastName: string | null;

  @ApiProperty({ type: String, nullable: true })
  email: string | null;

  @ApiProperty({ example: 7 })
  progress: number;

  @ApiProperty({ example: '2026-12-02T15:00:00.000Z' })
  joinedAt: string;

  @ApiProperty({ type: String, nullable: true, example: '2026-12-20', description: 'Día (hora del estudio) en que alcanzó la meta' })
  finishedOn: string | null;
}

export class ChallengeParticipantsDto {
  @ApiProperty({ type: ChallengeDto })
  challenge: ChallengeDto;

  @ApiProperty({ type: [ChallengeParticipantDto], description: 'Por avance, de mayor a menor' })
  items: ChallengeParticipantDto[];
}

export class MemberChallengeDto {
  @ApiProperty({ type: ChallengeDto })
  challenge: ChallengeDto;

  @ApiProperty({ example: true })
  joined: boolean;

  @ApiProperty({ example: 7, description: 'Avance del mes (cuenta todo el mes, también antes de unirse)' })
  progress: number;

  @ApiProperty({ type: String, nullable: true, example: '2026-12-20', description: 'Día en que completó el reto; null si aún no' })
  finishedOn: string | null;

  @ApiProperty({ example: 12, description: 'Días que quedan, hoy incluido; 0 si el mes terminó' })
  daysLeft: number;
}

export class ChallengeAchievementDto {
  @ApiProperty()
  challengeId: string;

  @ApiProperty({ example: 'Reto de diciembre' })
  name: string;

  @ApiProperty({ example: '2026-12' })
  month: string;

  @ApiProperty({ example: '2026-12-20' })
  finishedOn: string;
}

export class LeaderboardPreferenceDto {
  @ApiProperty({ example: false })
  visible: boolean;

  @ApiProperty({ example: false })
  showName: boolean;

  @ApiProperty({ example: 'C. M.', description: 'Cómo te verían los demás con esta elección' })
  label: string;
}

export class MemberChallengesDto {
  @ApiProperty({ example: '2026-12-05', description: 'Hoy en el estudio' })
  today: string;

  @ApiProperty({ type: MemberChallengeDto, nullable: true, description: 'El reto del mes en curso; null si no hay' })
  current: MemberChallengeDto | null;

  @ApiProperty({ type: [MemberChallengeDto], description: 'Retos de meses próximos' })
  upcoming: MemberChallengeDto[];

  @ApiProperty({ type: [ChallengeAchievementDto], description: 'Retos completados, el más reciente primero' })
  achievements: ChallengeAchievementDto[];

  @ApiProperty({ type: LeaderboardPreferenceDto })
  leaderboard: LeaderboardPreferenceDto;
}

export class LeaderboardEntryDto {
  @ApiProperty({ example: 1 })
  rank: number;

  @ApiProperty({ example: 'C. M.', description: 'Iniciales, o nombre y la inicial del apellido si el miembro lo eligió' })
  label: string;

  @ApiProperty({ example: 9 })
  progress: number;

  @ApiProperty({ example: false })
  finished: boolean;

  @ApiProperty({ example: false, description: 'true en tu propia fila' })
  isMe: boolean;
}

export class ChallengeLeaderboardDto {
  @ApiProperty({ type: ChallengeDto })
  challenge: ChallengeDto;

  @ApiProperty({ type: [LeaderboardEntryDto], description: 'Solo quienes eligieron aparecer, por avance' })
  entries: LeaderboardEntryDto[];

  @ApiProperty({ example: 14, description: 'Miembros unidos al reto, aparezcan o no' })
  participants: number;
}
