import { ValidationError, ValidationPipe } from '@nestjs/common';
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

export function createValidationPipe(): ValidationPipe {
  return new ValidationPipe({
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
