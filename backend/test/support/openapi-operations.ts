import { readFileSync } from 'node:fs';
import path from 'node:path';

/** docs/openapi.json as written by `npm run openapi`: the single list of routes the reliability suite walks. */
export const OPENAPI_PATH = path.resolve(__dirname, '..', '..', '..', 'docs', 'openapi.json');

export interface OpenApiSchema {
  $ref?: string;
  type?: string;
  enum?: unknown[];
  nullable?: boolean;
  properties?: Record<string, OpenApiSchema>;
  required?: string[];
  items?: OpenApiSchema;
  minimum?: number;
  maximum?: number;
  maxLength?: number;
  example?: unknown;
}

export interface OpenApiParameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema?: OpenApiSchema;
}

export interface Operation {
  /** "GET /api/enrollments/{id}/current" */
  key: string;
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  path: string;
  parameters: OpenApiParameter[];
  body?: OpenApiSchema;
  /** Whether the document declares a security requirement for it. */
  documentedSecurity: boolean;
}

export interface OpenApiDocument {
  paths: Record<
    string,
    Record<string, { parameters?: OpenApiParameter[]; requestBody?: { content?: Record<string, { schema?: OpenApiSchema }> }; security?: unknown[] }>
  >;
  components?: { schemas?: Record<string, OpenApiSchema> };
  security?: unknown[];
}

export function readOpenApi(): OpenApiDocument {
  return JSON.parse(readFileSync(OPENAPI_PATH, 'utf8')) as OpenApiDocument;
}

const METHODS = new Set(['get', 'post', 'put', 'patch', 'delete']);

/** Every operation of the document, in document order. */
export function operationsOf(document: OpenApiDocument = readOpenApi()): Operation[] {
  const operations: Operation[] = [];
  for (const [route, item] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      if (!METHODS.has(method)) continue;
      const security = operation.security ?? document.security ?? [];
      operations.push({
        key: `${method.toUpperCase()} ${route}`,
        method: method as Operation['method'],
        path: route,
        parameters: operation.parameters ?? [],
        body: operation.requestBody?.content?.['application/json']?.schema,
        documentedSecurity: security.length > 0,
      });
    }
  }
  return operations;
}

/** Follows a `$ref` into components/schemas (one level at a time, as often as needed). */
export function resolveSchema(document: OpenApiDocument, schema: OpenApiSchema | undefined): OpenApiSchema | undefined {
  let current = schema;
  for (let depth = 0; current?.$ref && depth < 10; depth++) {
    const name = current.$ref.split('/').pop()!;
    current = document.components?.schemas?.[name];
  }
  return current;
}

/** A route pattern with its `{param}`s filled in. */
export function fillPath(route: string, values: Record<string, string>): string {
  return route.replace(/\{([^}]+)\}/g, (_match, name: string) => encodeSegment(values[name] ?? 'desconocido'));
}

/** encodeURIComponent, except that a lone surrogate becomes the invalid UTF-8 bytes a hostile client would send. */
function encodeSegment(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return encodeURIComponent(value.replace(/[\uD800-\uDFFF]/g, '')) + '%ED%A0%80';
  }
}
