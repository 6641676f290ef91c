import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { AuthUser } from '../../infrastructure/auth/auth-user';
import { DomainError } from '../../shared/domain-error';
import type { TimerPresetSaved } from '../members/member.events';
import { MemberStreams } from '../members/member-streams';
import type { CreateTimerPresetDto, TimerPresetResponseDto } from './dto/interval-timer.dto';
import { decideTimerPresets } from './interval-timer.decider';
import { TIMER_MESSAGES } from './interval-timer.rules';
import { timerPresetDto } from './timer-presets.read-model';

export class SaveTimerPreset extends Command<TimerPresetResponseDto> {
  constructor(
    readonly user: AuthUser,
    readonly body: CreateTimerPresetDto,
    readonly idempotencyKey: string | undefined,
  ) {
    super();
  }
}

/** A new timer of the member's own; its id is the request's member-scoped id, so a retry answers the same timer. */
@CommandHandler(SaveTimerPreset)
export class SaveTimerPresetHandler implements ICommandHandler<SaveTimerPreset, TimerPresetResponseDto> {
  constructor(private readonly members: MemberStreams) {}

  async execute({ user, body, idempotencyKey }: SaveTimerPreset): Promise<TimerPresetResponseDto> {
    const preset = { name: body.name, workSec: body.workSec, restSec: body.restSec, rounds: body.rounds, sets: body.sets, setRestSec: body.setRestSec };
    const written = await this.members.write({
      user,
      kind: 'save-timer-preset',
      idempotencyKey,
      input: preset,
      decide: decideTimerPresets,
      command: (presetId, now) => ({ type: 'SaveTimerPreset', data: { presetId, preset, now } }),
    });
    const saved = written.events.find((event): event is TimerPresetSaved => event.type === 'TimerPresetSaved');
    if (!saved) throw new DomainError('conflict', TIMER_MESSAGES.nameTaken, { field: 'name' });
    return { preset: timerPresetDto(saved.data.presetId, saved.data.preset, saved.data.occurredAt) };
  }
}
