import type { PayeeInput } from '@escrow/domain';
import { Command } from '@nestjs/cqrs';

import type { SessionUser } from '../../identity';

export interface ProposedContent {
  title: string;
  definition: string;
  position: number;
  payees: PayeeInput[];
  /** The milestone amount, needed when a payee takes a percentage or the remainder. */
  amount: string | number | null | undefined;
}

export interface ProposedIds {
  m_id: number;
  original_id: number;
  job_id: number;
}

/** POST /api/milestone without original_id: a new milestone of the project. */
export class ProposeMilestone extends Command<ProposedIds> {
  constructor(
    readonly actor: SessionUser,
    readonly projectId: number,
    readonly content: ProposedContent,
    readonly idempotencyKey: string | null,
  ) {
    super();
  }
}

/** POST /api/milestone with original_id: an edit of that milestone, a new version of it. */
export class ProposeMilestoneEdit extends Command<ProposedIds> {
  constructor(
    readonly actor: SessionUser,
    readonly projectId: number,
    readonly originalId: number,
    readonly content: ProposedContent,
    readonly idempotencyKey: string | null,
  ) {
    super();
  }
}
