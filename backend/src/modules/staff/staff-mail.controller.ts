import { Controller, Get, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Roles } from '../../infrastructure/auth/roles.decorator';
import { MailQueryDto, OutboxPageDto } from './dto/staff.dto';
import { MailOutboxReader } from './mail-outbox';

/** Staff: the embedded mail outbox (confirmations and codes that "went out"). */
@ApiTags('staff')
@ApiBearerAuth()
@Roles('staff')
@Controller('staff/mail-outbox')
export class StaffMailController {
  constructor(private readonly outbox: MailOutboxReader) {}

  @Get()
  @ApiOperation({ summary: 'Correos enviados en modo integrado, lo más reciente primero' })
  @ApiOkResponse({ type: OutboxPageDto })
  async listStaffMailOutbox(@Query() query: MailQueryDto): Promise<OutboxPageDto> {
    return this.outbox.list({ recipient: query.recipient?.trim() || undefined, before: query.before, limit: query.limit ?? 50 });
  }
}
