export { MailModule } from './mail.module';
export { MAIL_PORT, type MailPort } from './mail.port';
export { mailSchema } from './mail.schema';
