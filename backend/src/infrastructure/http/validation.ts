import { ArgumentMetadata, ValidationError, ValidationPipe } from '@nestjs/common';
import { DomainError } from '../../shared/domain-error';

/**
 * class-validator speaks English by default. DTOs that need a particular wording
 * (the spec's own messages) set `message` on the decorator; every other failure is
 * phrased here, naming the field, so no English ever reaches a member.
 */
const phrasings: Record<string, (field: string, english: string) => string> = {
  whitelistValidation: (field) => `El campo '${field}' no está permitido.`,
  isDefined: (field) => `${field} es requerido.`,
  isNotEmpty: (field) => `${field} es requerido.`,
  isString: (field) => `${field} debe ser texto.`,
  isBoolean: (field) => `${field} debe ser verdadero o falso.`,
  isInt: (field) => `${field} debe ser un número entero.`,
  isNumber: (field) => `${field} debe ser un número.`,
  isPositive: (field) => `${field} debe ser un número positivo.`,
  isEmail: (field) => `${field} debe ser un correo electrónico válido.`,
  isUUID: (field) => `${field} debe ser un identificador válido.`,
  isDateString: (field) => `${field} debe ser una fecha válida (ISO 8601).`,
  isISO8601: (field) => `${field} debe ser una fecha válida (ISO 8601).`,
  isArray: (field) => `${field} debe ser una lista.`,
  isObject: (field) => `${field} debe ser un objeto.`,
  isIn: (field, english) => `${field} debe ser uno de: ${english.split(': ').pop() ?? ''}.`,
  isEnum: (field, english) => `${field} debe ser uno de: ${english.split(': ').pop() ?? ''}.`,
  min: (field, english) => `${field} debe ser al menos ${lastNumber(english)}.`,
  max: (field, english) => `${field} no puede ser mayor que ${lastNumber(english)}.`,
  minLength: (field, english) => `${field} debe tener al menos ${lastNumber(english)} caracteres.`,
  maxLength: (field, english) => `${field} no puede tener más de ${lastNumber(english)} caracteres.`,
  arrayMinSize: (field, english) => `${field} debe tener al menos ${lastNumber(english)} elemento(s).`,
  arrayMaxSize: (field, english) => `${field} no puede tener más de ${lastNumber(english)} elementos.`,
  matches: (field) => `${field} no tiene el formato esperado.`,
  nestedValidation: (field) => `${field} no es válido.`,
};

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

export function flattenValidationErrors(errors: ValidationError[], parent = ''): FieldProblem[] {
  const problems: FieldProblem[] = [];
  for (const error of errors) {
    const field = parent ? `${parent}.${error.property}` : error.property;
    for (const [constraint, message] of Object.entries(error.constraints ?? {})) {
      const phrase = phrasings[constraint];
      const spanish = !looksEnglish(message) ? message : phrase ? phrase(field, message) : `${field} no es válido.`;
      problems.push({ field, message: spanish });
    }
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
        const message = `${field} contiene caracteres no permitidos.`;
        throw new DomainError('invalid', message, { fields: [{ field, message }] });
      }
    }
    return super.transform(value, metadata);
  }
}

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
