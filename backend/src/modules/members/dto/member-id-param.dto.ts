import { IsString, Matches } from 'class-validator';

/** A member named in the path of a staff route (`/api/staff/members/:userId/…`). */
export class MemberIdParamDto {
  @IsString({ message: 'userId debe ser un texto.' })
  @Matches(/^[A-Za-z0-9_-]{1,200}$/, { message: 'userId debe ser el identificador de un miembro.' })
  userId!: string;
}
