export { attachmentView, retainageEvidenceView } from './attachment.view';
export { AttachmentsModule } from './attachments.module';
export type { FileStore } from './storage/file-store';
export { FILE_STORE, fileStoreOf, fileStoreProvider } from './storage/file-store.provider';
