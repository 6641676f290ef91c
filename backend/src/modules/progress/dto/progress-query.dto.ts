import { PageLimit, PageOffset } from '../../../infrastructure/http/page-params.decorator';

/** `GET /api/progress?limit&offset`. */
export class ProgressPageQueryDto {
  @PageLimit(100, { default: 100, description: 'Registros por página (la página de progreso pide 100).' })
  limit?: number;

  @PageOffset({ default: 0, description: 'Registros que se saltan desde el más reciente.' })
  offset?: number;
}
