import { Controller, Get, Query } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Roles } from '../../infrastructure/auth/roles.decorator';
import { ApiMemberError } from '../../infrastructure/http/api-docs';
import { CLASS_REPORT_MESSAGES } from './class-report.rules';
import { ClassReportDto, ClassReportQueryDto } from './dto/class-report.dto';
import { GetClassReport } from './get-class-report.query';

/** Staff: the owner's view, page "Reportes". */
@ApiTags('staff')
@ApiBearerAuth()
@Roles('staff')
@Controller('staff')
export class ClassReportController {
  constructor(private readonly queryBus: QueryBus) {}

  @Get('class-report')
  @ApiOperation({
    summary: 'Reporte de clases: ocupación, asistencia, ausencias y listas de espera por semana y por clase; membresías por vencer y clases que les quedan',
    description: 'Semanas completas de lunes a domingo, de la semana de "from" a la de "to" (por defecto las últimas 4, esta incluida; hasta 26).',
  })
  @ApiOkResponse({ type: ClassReportDto })
  @ApiMemberError(400, 'Rango inválido', CLASS_REPORT_MESSAGES.tooLong, 'invalid', { field: 'from' })
  getClassReport(@Query() query: ClassReportQueryDto): Promise<ClassReportDto> {
    return this.queryBus.execute(new GetClassReport(query, new Date()));
  }
}
