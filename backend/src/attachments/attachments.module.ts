import { Module } from '@nestjs/common';

import { CommandSideModule } from '../command-side';
import { BillingReads } from '../progress-billing';
import { ReadModelsModule } from '../read-models';
import { AttachBillingFileHandler } from './attach-billing-file/attach-billing-file.handler';
import { AttachBillingFileController } from './attach-billing-file/attach-billing-file.http.controller';
import { AttachFileHandler } from './attach-file/attach-file.handler';
import { AttachFileController } from './attach-file/attach-file.http.controller';
import { AttachRetainageEvidenceHandler } from './attach-retainage-evidence/attach-retainage-evidence.handler';
import { AttachRetainageEvidenceController } from './attach-retainage-evidence/attach-retainage-evidence.http.controller';
import { DownloadAttachmentController } from './download-attachment/download-attachment.http.controller';
import { DownloadAttachmentHandler } from './download-attachment/download-attachment.query';
import { DownloadBillingFileController } from './download-billing-file/download-billing-file.http.controller';
import { DownloadBillingFileHandler } from './download-billing-file/download-billing-file.query';
import { DownloadRetainageEvidenceController } from './download-retainage-evidence/download-retainage-evidence.http.controller';
import { DownloadRetainageEvidenceHandler } from './download-retainage-evidence/download-retainage-evidence.query';
import { AttachmentIntake } from './intake/attachment-intake';
import { ListAttachmentsController } from './list-attachments/list-attachments.http.controller';
import { ListAttachmentsHandler } from './list-attachments/list-attachments.query';
import { ListBillingFilesController } from './list-billing-files/list-billing-files.http.controller';
import { ListBillingFilesHandler } from './list-billing-files/list-billing-files.query';
import { ListRetainageEvidenceController } from './list-retainage-evidence/list-retainage-evidence.http.controller';
import { ListRetainageEvidenceHandler } from './list-retainage-evidence/list-retainage-evidence.query';
import { RemoveAttachmentHandler } from './remove-attachment/remove-attachment.handler';
import { RemoveAttachmentController } from './remove-attachment/remove-attachment.http.controller';
import { RemoveRetainageEvidenceHandler } from './remove-retainage-evidence/remove-retainage-evidence.handler';
import { RemoveRetainageEvidenceController } from './remove-retainage-evidence/remove-retainage-evidence.http.controller';
import { RetainageEvidenceSource } from './retainage-evidence-source';
import { fileStoreProvider } from './storage/file-store.provider';

/** Files attached as evidence to milestones, to a project's retainage dispute and to its billing (docs/attachments.md). */
@Module({
  imports: [CommandSideModule, ReadModelsModule],
  controllers: [
    AttachFileController,
    ListAttachmentsController,
    DownloadAttachmentController,
    RemoveAttachmentController,
    AttachRetainageEvidenceController,
    ListRetainageEvidenceController,
    DownloadRetainageEvidenceController,
    RemoveRetainageEvidenceController,
    AttachBillingFileController,
    ListBillingFilesController,
    DownloadBillingFileController,
  ],
  providers: [
    RetainageEvidenceSource,
    fileStoreProvider,
    AttachmentIntake,
    AttachFileHandler,
    ListAttachmentsHandler,
    DownloadAttachmentHandler,
    RemoveAttachmentHandler,
    AttachRetainageEvidenceHandler,
    ListRetainageEvidenceHandler,
    DownloadRetainageEvidenceHandler,
    RemoveRetainageEvidenceHandler,
    // The billing's read model as the progress-billing queries read it (who reads: parties, certifier, admins).
    BillingReads,
    AttachBillingFileHandler,
    ListBillingFilesHandler,
    DownloadBillingFileHandler,
  ],
})
export class AttachmentsModule {}
