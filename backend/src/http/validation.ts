import type { FieldError } from '@escrow/domain';
import { ValidationPipe } from '@nestjs/common';
import type { ValidationError } from 'class-validator';

import { ApiRefusal } from './api-refusal';

/** The type checks, whose message says what the field must be: named before the rules about its value. */
const TYPE_CHECKS = ['isDefined', 'isString', 'isInt', 'isNumber', 'isBoolean', 'isArray', 'isIn', 'isObject'];

/** A nested field's path as a client writes it: `payees[0].amount`. */
const pathOf = (parent: string, property: string) => (parent === '' ? property : /^\d+$/.test(property) ? `${parent}[${property}]` : `${parent}.${property}`);

/**
 * Every field at fault, in the order class-validator found them, each with one message a person
 * can act on: its first broken rule, a type check before the others.
 */
function fieldErrors(errors: ValidationError[], parent = ''): FieldError[] {
  return errors.flatMap((error) => {
    const param = pathOf(parent, error.property);
    const constraints = error.constraints ?? {};
    const key = TYPE_CHECKS.find((k) => k in constraints) ?? Object.keys(constraints)[0];
    return [...(key ? [{ param, message: constraints[key]! }] : []), ...fieldErrors(error.children ?? [], param)];
  });
}

/** 400 `validation_failed`: the message and `param` of the first field at fault, and every field in `errors`. */
export function validationRefusal(errors: ValidationError[]): ApiRefusal<400> {
  const fields = fieldErrors(errors);
  const first = fields[0];
  return new ApiRefusal(400, 'validation_failed', first?.message ?? 'The request is not valid.', first ? { param: first.param, errors: fields } : {});
}

/** Request bodies and queries checked against their DTOs: unknown fields dropped, every broken rule answered in one 400. */
export const createValidationPipe = (): ValidationPipe =>
  new ValidationPipe({
    whitelist: true,
    transform: true,
    exceptionFactory: validationRefusal,
  });
