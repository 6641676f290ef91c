import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { HeartRateReadModel } from '../heart-rate/heart-rate.read-model';
import type { StudioPeopleDto } from './dto/studio-class.dto';
import { StudioClassView } from './studio-class-view';
import { StudioClassReadModel } from './studio-class.read-model';

/** Who the desk may give a sensor to: members by name or email (with their consent), and today's free-class guests. */
export class SearchStudioClassPeople extends Query<StudioPeopleDto> {
  constructor(readonly text: string | undefined) {
    super();
  }
}

@QueryHandler(SearchStudioClassPeople)
export class SearchStudioClassPeopleHandler implements IQueryHandler<SearchStudioClassPeople, StudioPeopleDto> {
  constructor(
    private readonly classes: StudioClassReadModel,
    private readonly heartRate: HeartRateReadModel,
    private readonly view: StudioClassView,
  ) {}

  async execute({ text }: SearchStudioClassPeople): Promise<StudioPeopleDto> {
    const query = text?.trim() ?? '';
    const today = await this.view.today(new Date());
    const [found, guests] = await Promise.all([query.length >= 2 ? this.classes.searchMembers(query) : Promise.resolve([]), this.classes.guestsOf(today.date)]);
    const members = await Promise.all(
      found.map(async (member) => ({
        userId: member.userId,
        fullName: `${member.firstName} ${member.lastName}`.trim() || member.email,
        email: member.email,
        consented: (await this.heartRate.forMember(member.userId)).consent.granted,
      })),
    );
    const folded = query.toLocaleLowerCase('es');
    return {
      members,
      guests: guests
        .map((guest) => ({ bookingId: guest.bookingId, fullName: `${guest.firstName} ${guest.lastName}`.trim(), email: guest.email, slot: guest.slot }))
        .filter((guest) => folded === '' || guest.fullName.toLocaleLowerCase('es').includes(folded) || guest.email.includes(folded)),
    };
  }
}
