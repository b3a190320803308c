import { BadRequestException, ValidationPipe } from '@nestjs/common';
import type { ValidationError } from 'class-validator';

/** The type checks, whose message says what the field must be: named before the rules about its value. */
const TYPE_CHECKS = ['isDefined', 'isString', 'isInt', 'isNumber', 'isBoolean', 'isArray', 'isIn', 'isObject'];

/** One message a person can act on: the first broken rule, a type check before the others, nested fields too. */
function firstConstraintMessage(errors: ValidationError[]): string {
  for (const error of errors) {
    const constraints = error.constraints ?? {};
    const key = TYPE_CHECKS.find((k) => k in constraints) ?? Object.keys(constraints)[0];
    if (key) return constraints[key]!;
    const nested = firstConstraintMessage(error.children ?? []);
    if (nested) return nested;
  }
  return 'The request is not valid.';
}

/** Request bodies and queries checked against their DTOs: unknown fields dropped, the first broken rule answered 400. */
export const createValidationPipe = (): ValidationPipe =>
  new ValidationPipe({
    whitelist: true,
    transform: true,
    exceptionFactory: (errors) => new BadRequestException(firstConstraintMessage(errors)),
  });
