import { type ArgumentMetadata, Injectable, type PipeTransform } from '@nestjs/common';

import { invalidParam } from './api-refusal';
import { isIdText } from './ids';

/**
 * Route ids are positive whole numbers; anything else is the caller's mistake, not a 500. The
 * global ValidationPipe may already have turned the text into a number (NaN for "abc").
 */
@Injectable()
export class ParseIdPipe implements PipeTransform<string | number, number> {
  transform(value: string | number, metadata: ArgumentMetadata): number {
    const name = metadata.data ?? 'id';
    const text = typeof value === 'number' ? String(value) : value;
    if (!isIdText(text)) {
      throw invalidParam(name, `${name} must be a positive whole number.`);
    }
    return Number(text);
  }
}
