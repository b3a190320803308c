import type { ActiveBilling, AttachedFile, AttachmentView, BillingCommand, BillingState } from '@escrow/domain';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';

import { billingStream, EventStreams, metadataOf, projectStream, RequestFingerprints } from '../../command-side';
import type { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/config.tokens';
import { billingFactsOf } from '../../progress-billing';
import { MilestoneReads, ProjectAccess } from '../../read-models';
import { billingFileView } from '../attachment.view';
import { billingSeenBy } from '../attachment-access';
import { AttachmentIntake } from '../intake/attachment-intake';
import { uploadKeyBinding } from '../intake/upload-key';
import { newAttachmentId, PROBE_FILE } from '../new-attachment';
import { AttachBillingFile } from './attach-billing-file.command';

/** Namespace of billing file ids made from an Idempotency-Key (a random UUID, fixed forever). */
const BILLING_FILE_NAMESPACE = '4b8e2f61-3c7d-4e9a-9f15-0d6a2b7c8e31';

const filesOf = (state: BillingState) => (state.status === 'active' ? (state.files ?? []) : []);

@CommandHandler(AttachBillingFile)
export class AttachBillingFileHandler implements ICommandHandler<AttachBillingFile> {
  constructor(
    private readonly streams: EventStreams,
    private readonly access: ProjectAccess,
    private readonly reads: MilestoneReads,
    private readonly intake: AttachmentIntake,
    private readonly fingerprints: RequestFingerprints,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute(c: AttachBillingFile): Promise<AttachmentView> {
    const [write, project] = await Promise.all([this.streams.fetch(billingStream, c.projectId), this.streams.current(projectStream, c.projectId)]);
    await billingSeenBy(this.access, c.projectId, c.actor, write.state as BillingState);
    const bindKey = uploadKeyBinding(this.fingerprints, c, `POST /api/job/${c.projectId}/billing/attachments`, {});
    // A retry with the same key names the same file: it is answered, not stored again.
    const attachmentId = newAttachmentId(c.actor.userId, c.idempotencyKey, BILLING_FILE_NAMESPACE);
    const metadata = metadataOf(c.actor);
    const facts = billingFactsOf(project);
    const command = (file: AttachedFile): BillingCommand => ({
      type: 'AddBillingFile',
      data: { attachmentId, file, maxBytes: this.config.attachments.maxMilestoneBytes },
      metadata,
      project: facts,
    });
    let state = write.state as BillingState;
    if (!filesOf(state).some((f) => f.attachmentId === attachmentId)) {
      // The rules first, with a stand-in file: a refused upload reads and stores no byte.
      write.check(command(PROBE_FILE));
      const file = await c.upload.take(this.intake, bindKey);
      state = (await write.decide(command(file), { idempotencyKey: c.idempotencyKey })).state as ActiveBilling;
    } else {
      // Its key named a file already: this is its retry only if it sends the same file.
      await bindKey(await c.upload.received(this.intake));
    }
    const file = filesOf(state).find((f) => f.attachmentId === attachmentId)!;
    return billingFileView(c.projectId, file, await this.reads.namesFor([], [file.by]));
  }
}
