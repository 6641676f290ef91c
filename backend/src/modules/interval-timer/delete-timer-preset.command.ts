import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { AuthUser } from '../../infrastructure/auth/auth-user';
import { DomainError } from '../../shared/domain-error';
import { isUuid, MemberStreams } from '../members/member-streams';
import type { DeleteTimerPresetResponseDto } from './dto/interval-timer.dto';
import { decideTimerPresets } from './interval-timer.decider';

export const TIMER_PRESET_ID_MESSAGE = 'El id no es un identificador de temporizador válido.';

export class DeleteTimerPreset extends Command<DeleteTimerPresetResponseDto> {
  constructor(
    readonly user: AuthUser,
    readonly presetId: string,
    readonly idempotencyKey: string | undefined,
  ) {
    super();
  }
}

/** Deletes one of the caller's timers; another member's id is "not found" like an unknown one. */
@CommandHandler(DeleteTimerPreset)
export class DeleteTimerPresetHandler implements ICommandHandler<DeleteTimerPreset, DeleteTimerPresetResponseDto> {
  constructor(private readonly members: MemberStreams) {}

  async execute({ user, presetId: id, idempotencyKey }: DeleteTimerPreset): Promise<DeleteTimerPresetResponseDto> {
    if (!isUuid(id)) throw new DomainError('invalid', TIMER_PRESET_ID_MESSAGE, { field: 'id' });
    const presetId = id.toLowerCase();
    await this.members.write({
      user,
      kind: 'delete-timer-preset',
      idempotencyKey,
      input: { presetId },
      decide: decideTimerPresets,
      command: (_commandId, now) => ({ type: 'DeleteTimerPreset', data: { presetId, now } }),
    });
    return { id: presetId, message: 'Temporizador eliminado.' };
  }
}
