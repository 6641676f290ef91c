import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { DomainError } from '../../shared/domain-error';
import type { RecordStudioReadingsDto, RecordStudioReadingsResponseDto } from './dto/studio-class.dto';
import { StudioClassReadModel } from './studio-class.read-model';
import { isClassReading, MAX_CLASS_SECONDS, secondOfClass, STUDIO_CLASS_MESSAGES } from './studio-class.rules';

/**
 * A batch of the board PC's 1 Hz readings (ADR 0181). The PC keeps a batch until the server
 * answers, and a retried batch stores nothing twice: a reading is keyed by (class, sensor,
 * second). Readings before its start are dropped, and a class that ended takes no more (its summaries are recorded).
 */
export class RecordStudioReadings extends Command<RecordStudioReadingsResponseDto> {
  constructor(readonly body: RecordStudioReadingsDto) {
    super();
  }
}

@CommandHandler(RecordStudioReadings)
export class RecordStudioReadingsHandler implements ICommandHandler<RecordStudioReadings, RecordStudioReadingsResponseDto> {
  constructor(private readonly classes: StudioClassReadModel) {}

  async execute({ body }: RecordStudioReadings): Promise<RecordStudioReadingsResponseDto> {
    const session = await this.classes.session(body.sessionId);
    if (!session) throw new DomainError('not-found', STUDIO_CLASS_MESSAGES.sessionMismatch, { field: 'sessionId' });
    // The summaries were recorded at the end: what arrives later would not match them.
    if (session.endedAt) return { stored: 0 };
    const startedAt = session.startedAt.getTime();
    const seconds = MAX_CLASS_SECONDS;
    const readings = body.readings
      .map((reading) => ({ sensorId: reading.sensorId.trim(), second: secondOfClass(Date.parse(reading.at), startedAt), bpm: reading.bpm, at: reading.at }))
      .filter((reading) => isClassReading(reading.second, reading.bpm, seconds));
    return { stored: await this.classes.insertReadings(session.id, readings) };
  }
}
