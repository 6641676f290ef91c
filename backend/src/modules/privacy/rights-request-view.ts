import { businessDaysLeft } from './business-days.rules';
import type { RightsRequestDto, StaffRightsRequestDto } from './dto/privacy.dto';
import type { RightsRequestRow } from './rights-requests.read-model';
import { RIGHTS_REQUEST_STATUS_LABELS, RIGHTS_REQUEST_TYPE_LABELS } from './rights-requests.rules';

export function rightsRequestDto(row: RightsRequestRow): RightsRequestDto {
  return {
    id: row.id,
    right: row.type,
    rightLabel: RIGHTS_REQUEST_TYPE_LABELS[row.type],
    details: row.details,
    status: row.status,
    statusLabel: RIGHTS_REQUEST_STATUS_LABELS[row.status],
    receivedOn: row.receivedOn,
    dueOn: row.dueOn,
    extended: row.extended,
    updatedAt: row.updatedAt,
  };
}

export function staffRightsRequestDto(row: RightsRequestRow, today: string): StaffRightsRequestDto {
  return {
    ...rightsRequestDto(row),
    userId: row.userId,
    memberEmail: row.memberEmail,
    memberName: row.memberName,
    businessDaysLeft: businessDaysLeft(today, row.dueOn),
  };
}
