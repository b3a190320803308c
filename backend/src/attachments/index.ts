export { AttachmentsModule } from './attachments.module';
