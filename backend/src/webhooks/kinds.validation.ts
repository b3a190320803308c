import { WEBHOOK_KIND_NAMES } from '@escrow/domain';
import { applyDecorators } from '@nestjs/common';
import { ArrayMaxSize, ArrayMinSize, ArrayUnique, IsArray, IsIn, type ValidationArguments } from 'class-validator';

/** The first kind a list names more than once (the message is built for anything sent, a list or not). */
const repeated = (kinds: unknown): string => (Array.isArray(kinds) ? String(kinds.find((kind, index) => kinds.indexOf(kind) !== index)) : 'a kind');

/**
 * An endpoint's `kinds`, at registration and on a change: known kinds, at least one, each once.
 * A kind listed twice is refused rather than quietly merged: the list the person sent is then
 * the list stored (docs/webhooks.md, "Event kinds").
 */
export function WebhookKinds(): PropertyDecorator {
  return applyDecorators(
    IsArray({ message: 'kinds is a list of event kinds, such as ["deposit.settled"].' }),
    ArrayMinSize(1, { message: 'Choose at least one kind of event.' }),
    IsIn(WEBHOOK_KIND_NAMES, { each: true, message: `Each kind is one of ${WEBHOOK_KIND_NAMES.join(', ')}.` }),
    ArrayUnique({
      message: ({ value }: ValidationArguments) => `List each kind of event once: ${repeated(value)} is listed twice.`,
    }),
    ArrayMaxSize(WEBHOOK_KIND_NAMES.length, { message: 'Each kind once.' }),
  );
}
