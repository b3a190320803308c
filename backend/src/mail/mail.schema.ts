import type { ContextSchema } from '../infrastructure/database/context-schema';
import { MailOutboxEntity } from './infrastructure/mail-outbox.entity';
import { MailOutboxDedupeKeys1763800045000 } from './mail.migrations';

/** The tables this context owns (src/schema.ts gathers every context's). */
export const mailSchema: ContextSchema = {
  entities: [MailOutboxEntity],
  migrations: [MailOutboxDedupeKeys1763800045000],
};
