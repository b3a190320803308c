export { MailModule } from './mail.module';
export { MAIL_PORT, type Mail, type MailPort } from './mail.port';
