import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { ClassBookingStore } from './class-booking.store';
import { checkSettings, type ClassBookingSettings } from './class-bookings.rules';

/** Staff set the studio's booking rules; what members read before booking from then on. */
export class PutClassBookingSettings extends Command<ClassBookingSettings> {
  constructor(readonly settings: ClassBookingSettings) {
    super();
  }
}

@CommandHandler(PutClassBookingSettings)
export class PutClassBookingSettingsHandler implements ICommandHandler<PutClassBookingSettings, ClassBookingSettings> {
  constructor(private readonly store: ClassBookingStore) {}

  async execute({ settings }: PutClassBookingSettings): Promise<ClassBookingSettings> {
    const checked = checkSettings(settings);
    await this.store.putSettings(checked);
    return checked;
  }
}
