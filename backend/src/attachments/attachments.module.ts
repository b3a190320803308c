import { Module } from '@nestjs/common';

import { CommandSideModule } from '../command-side';
import { ReadModelsModule } from '../read-models';
import { AttachFileHandler } from './attach-file/attach-file.handler';
import { AttachFileController } from './attach-file/attach-file.http.controller';
import { DownloadAttachmentController } from './download-attachment/download-attachment.http.controller';
import { DownloadAttachmentHandler } from './download-attachment/download-attachment.query';
import { AttachmentIntake } from './intake/attachment-intake';
import { ListAttachmentsController } from './list-attachments/list-attachments.http.controller';
import { ListAttachmentsHandler } from './list-attachments/list-attachments.query';
import { RemoveAttachmentHandler } from './remove-attachment/remove-attachment.handler';
import { RemoveAttachmentController } from './remove-attachment/remove-attachment.http.controller';
import { fileStoreProvider } from './storage/file-store.provider';

/** Files attached as evidence to milestones (docs/attachments.md). */
@Module({
  imports: [CommandSideModule, ReadModelsModule],
  controllers: [AttachFileController, ListAttachmentsController, DownloadAttachmentController, RemoveAttachmentController],
  providers: [fileStoreProvider, AttachmentIntake, AttachFileHandler, ListAttachmentsHandler, DownloadAttachmentHandler, RemoveAttachmentHandler],
})
export class AttachmentsModule {}
