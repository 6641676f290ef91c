import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { AuthUser } from '../../infrastructure/auth/auth-user';
import { MemberStreams } from '../members/member-streams';
import type { StudioBoardNameDto, StudioBoardNameResponseDto } from './dto/studio-class.dto';
import { decideStudioClass } from './studio-class.decider';

/** The member's profile switch "Aparecer con mi nombre en la pantalla del estudio" (ADR 0183). */
export class ChooseStudioBoardName extends Command<StudioBoardNameResponseDto> {
  constructor(
    readonly user: AuthUser,
    readonly body: StudioBoardNameDto,
    readonly idempotencyKey: string | undefined,
  ) {
    super();
  }
}

@CommandHandler(ChooseStudioBoardName)
export class ChooseStudioBoardNameHandler implements ICommandHandler<ChooseStudioBoardName, StudioBoardNameResponseDto> {
  constructor(private readonly members: MemberStreams) {}

  async execute({ user, body, idempotencyKey }: ChooseStudioBoardName): Promise<StudioBoardNameResponseDto> {
    const written = await this.members.write({
      user,
      kind: 'choose-studio-board-name',
      idempotencyKey,
      input: { showName: body.showName },
      decide: decideStudioClass,
      command: (_commandId, now) => ({ type: 'ChooseStudioBoardName', data: { showName: body.showName, now } }),
    });
    return { showName: written.state.studioBoardShowName };
  }
}
