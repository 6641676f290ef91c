import { INestApplication } from '@nestjs/common';
import { DocumentBuilder, OpenAPIObject, SwaggerModule } from '@nestjs/swagger';

export function buildOpenApiDocument(app: INestApplication): OpenAPIObject {
  const config = new DocumentBuilder()
    .setTitle('Pulso API')
    .setDescription('API del sitio y la plataforma de miembros de Pulso. Los errores siempre traen `error` y `message` en español.')
    .setVersion('1.0')
    .addBearerAuth({ type: 'http', scheme: 'bearer', bearerFormat: 'JWT' })
    .build();
  // Tags come only from @ApiTags: a controller may tag its routes one by one (progress keeps its
  // completion under `members`, where the generated client expects it).
  return SwaggerModule.createDocument(app, config, { operationIdFactory: (_controller, method) => method, autoTagControllers: false });
}

/** Stable key order, so the committed docs/openapi.json only changes when the API does. */
export function stableJson(value: unknown): string {
  const sort = (input: unknown): unknown => {
    if (Array.isArray(input)) return input.map(sort);
    if (input && typeof input === 'object') {
      return Object.fromEntries(
        Object.keys(input as Record<string, unknown>)
          .sort()
          .map((key) => [key, sort((input as Record<string, unknown>)[key])]),
      );
    }
    return input;
  };
  return `${JSON.stringify(sort(value), null, 2)}\n`;
}
