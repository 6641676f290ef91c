import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { AuthUser } from '../../infrastructure/auth/auth-user';
import { ConsentsReadModel, type ConsentView } from './consents.read-model';
import type { ConsentsDto } from './dto/privacy.dto';

export class GetConsents extends Query<ConsentsDto> {
  constructor(readonly user: AuthUser) {
    super();
  }
}

export function consentsDto(views: ConsentView[]): ConsentsDto {
  return {
    consents: views.map(({ definition, granted, recorded, noticeVersion, currentNoticeVersion, decidedAt, recordedBy }) => ({
      kind: definition.kind,
      label: definition.label,
      purpose: definition.purpose,
      onWithdraw: definition.onWithdraw,
      withdrawable: definition.withdrawable,
      granted,
      recorded,
      noticeVersion,
      currentNoticeVersion,
      decidedAt,
      recordedBy,
    })),
  };
}

/** The consent registry as it stands for the member: every kind, with its version and date (ADR 0190). */
@QueryHandler(GetConsents)
export class GetConsentsHandler implements IQueryHandler<GetConsents, ConsentsDto> {
  constructor(private readonly consents: ConsentsReadModel) {}

  async execute({ user }: GetConsents): Promise<ConsentsDto> {
    return consentsDto(await this.consents.forMember(user.userId));
  }
}
