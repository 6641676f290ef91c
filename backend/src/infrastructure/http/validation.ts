import { ArgumentMetadata, ValidationError, ValidationPipe } from '@nestjs/common';
import { DomainError } from '../../shared/domain-error';
import { labelOf, sentence } from './field-labels';

/**
 * class-validator speaks English by default. DTOs that need a particular wording (the spec's
 * own messages) set `message` on the decorator; every other failure is phrased here. Either
 * way a message names its field in Spanish (field-labels.ts): a decorator message that starts
 * with the property's code name ('height no puede…') gets the label in its place.
 */
const predicates: Record<string, (english: string) => string> = {
  isDefined: () => 'es requerido.',
  isNotEmpty: () => 'es requerido.',
  isString: () => 'debe ser texto.',
  isBoolean: () => 'debe ser verdadero o falso.',
  isInt: () => 'debe ser un número entero.',
  isNumber: () => 'debe ser un número.',
  isPositive: () => 'debe ser un número positivo.',
  isEmail: () => 'debe ser un correo electrónico válido.',
  isUUID: () => 'debe ser un identificador válido.',
  isDateString: () => 'debe ser una fecha válida (ISO 8601).',
  isISO8601: () => 'debe ser una fecha válida (ISO 8601).',
  isArray: () => 'debe ser una lista.',
  isObject: () => 'debe ser un objeto.',
  isIn: (english) => `debe ser uno de: ${english.split(': ').pop() ?? ''}.`,
  isEnum: (english) => `debe ser uno de: ${english.split(': ').pop() ?? ''}.`,
  min: (english) => `debe ser al menos ${lastNumber(english)}.`,
  max: (english) => `no puede ser mayor que ${lastNumber(english)}.`,
  minLength: (english) => `debe tener al menos ${lastNumber(english)} caracteres.`,
  maxLength: (english) => `no puede tener más de ${lastNumber(english)} caracteres.`,
  arrayMinSize: (english) => `debe tener al menos ${lastNumber(english)} elemento(s).`,
  arrayMaxSize: (english) => `no puede tener más de ${lastNumber(english)} elementos.`,
  matches: () => 'no tiene el formato esperado.',
  nestedValidation: () => 'no es válido.',
};

/**
 * A value of the wrong type fails its range and format checks too; only the type is worth
 * saying ("170" as a height is not a number, not "more than 300 cm").
 */
const TYPE_CONSTRAINTS = new Set(['isString', 'isBoolean', 'isInt', 'isNumber', 'isArray', 'isObject']);

function lastNumber(text: string): string {
  const matches = text.match(/-?\d+(\.\d+)?/g);
  return matches ? matches[matches.length - 1] : '';
}

export interface FieldProblem {
  field: string;
  message: string;
}

function looksEnglish(message: string): boolean {
  return /\b(must|should|is not|not allowed|property)\b/.test(message);
}

function spanishMessage(constraint: string, message: string, field: string, property: string): string {
  if (constraint === 'whitelistValidation') return `El campo '${field}' no está permitido.`;
  const label = labelOf(field);
  if (looksEnglish(message)) return sentence(label ?? field, predicates[constraint]?.(message) ?? 'no es válido.');
  if (label && message.startsWith(`${property} `)) return sentence(label, message.slice(property.length + 1));
  return message;
}

export function flattenValidationErrors(errors: ValidationError[], parent = ''): FieldProblem[] {
  const problems: FieldProblem[] = [];
  for (const error of errors) {
    const field = parent ? `${parent}.${error.property}` : error.property;
    let failed = Object.entries(error.constraints ?? {});
    if (failed.some(([constraint]) => TYPE_CONSTRAINTS.has(constraint))) failed = failed.filter(([constraint]) => TYPE_CONSTRAINTS.has(constraint));
    for (const [constraint, message] of failed) problems.push({ field, message: spanishMessage(constraint, message, field, error.property) });
    if (error.children?.length) problems.push(...flattenValidationErrors(error.children, field));
  }
  return problems;
}

/** NUL (PostgreSQL text cannot store it) or a lone UTF-16 surrogate (not Unicode at all). */
// eslint-disable-next-line no-control-regex -- matching NUL is the point
const FORBIDDEN_TEXT = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** The path of the first string (or key) holding a forbidden character, or undefined. */
export function nulPathIn(value: unknown, path = '', depth = 0): string | undefined {
  if (typeof value === 'string') return FORBIDDEN_TEXT.test(value) ? path : undefined;
  if (depth > 20 || value === null || typeof value !== 'object') return undefined;
  for (const [key, item] of Object.entries(value)) {
    if (FORBIDDEN_TEXT.test(key)) return path ? `${path}.${key}` : key;
    const found = nulPathIn(item, path ? `${path}.${key}` : key, depth + 1);
    if (found !== undefined) return found;
  }
  return undefined;
}

/**
 * The global pipe: refuses NUL characters and lone surrogates anywhere in a body, query or path
 * parameter before they reach PostgreSQL or an encoder (either would answer a 500), then
 * validates with class-validator.
 */
class SpanishValidationPipe extends ValidationPipe {
  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    if (metadata.type !== 'custom') {
      const path = nulPathIn(value, metadata.type === 'param' || metadata.type === 'query' ? (metadata.data ?? '') : '');
      if (path !== undefined) {
        const field = path || metadata.data || metadata.type;
        const label = labelOf(field);
        const message = label ? sentence(label, 'contiene caracteres no permitidos.') : `El campo '${field}' contiene caracteres no permitidos.`;
        throw new DomainError('invalid', message, { fields: [{ field, message }] });
      }
    }
    // A body that is not a JSON object (an array, a number) where a DTO is expected: Nest's own
    // answer is English ("Validation failed (object is expected)").
    if (metadata.type === 'body' && metadata.metatype && this.toValidate(metadata) && (value === null || typeof value !== 'object' || Array.isArray(value))) {
      throw new DomainError('invalid', BODY_NOT_OBJECT_MESSAGE, { fields: [{ field: 'body', message: BODY_NOT_OBJECT_MESSAGE }] });
    }
    return super.transform(value, metadata);
  }
}

export const BODY_NOT_OBJECT_MESSAGE = 'El cuerpo de la solicitud debe ser un objeto JSON.';

export function createValidationPipe(): ValidationPipe {
  return new SpanishValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    transformOptions: { enableImplicitConversion: false },
    stopAtFirstError: false,
    exceptionFactory: (errors) => {
      const problems = flattenValidationErrors(errors);
      return new DomainError('invalid', problems[0]?.message ?? 'La solicitud no es válida.', { fields: problems });
    },
  });
}
