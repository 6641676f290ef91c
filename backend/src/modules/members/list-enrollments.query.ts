import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { AuthUser } from '../../infrastructure/auth/auth-user';
import { CatalogReadModel } from '../catalog/catalog.read-model';
import type { EnrollmentsResponseDto } from './dto/enrollment.dto';
import { enrollmentDto } from './enrollment-view';
import { MemberEnrollmentsReadModel } from './member-enrollments.read-model';

export class ListEnrollments extends Query<EnrollmentsResponseDto> {
  constructor(readonly user: AuthUser) {
    super();
  }
}

@QueryHandler(ListEnrollments)
export class ListEnrollmentsHandler implements IQueryHandler<ListEnrollments, EnrollmentsResponseDto> {
  constructor(
    private readonly enrollments: MemberEnrollmentsReadModel,
    private readonly catalog: CatalogReadModel,
  ) {}

  async execute({ user }: ListEnrollments): Promise<EnrollmentsResponseDto> {
    const rows = await this.enrollments.listForMember(user.userId);
    return { enrollments: rows.map((row) => enrollmentDto(row, this.catalog)) };
  }
}
