export { MailModule } from './mail.module';
export { type Mail, MAIL_PORT, type MailPort } from './mail.port';
export { mailSchema } from './mail.schema';
