import type { CompanyRole } from '@escrow/domain';
import { Injectable } from '@nestjs/common';

import { setAtMost } from '../infrastructure/bounded-map';

/** How many versions' author roles a process keeps; past it, the oldest are read again when asked. */
const KEPT = 100_000;

/**
 * The author roles of milestone versions this process has read, by version id (issue 37: the
 * projector keeps each from its proposal's metadata). A version's role is written once and never
 * changes, so what was read stays true. A version without a role (not projected yet, or on a read
 * side from before roles were kept that its rebuild may replace) is not kept: it is asked again.
 * The access check of a milestone command notes its milestone's roles, so the command's answer
 * needs no statement of its own for them (docs/performance.md, issue 40).
 */
@Injectable()
export class AuthorRoles {
  private readonly kept = new Map<number, CompanyRole>();

  get(versionId: number): CompanyRole | undefined {
    return this.kept.get(versionId);
  }

  note(versionId: number, role: CompanyRole | null): void {
    if (role === null || this.kept.has(versionId)) return;
    setAtMost(this.kept, versionId, role, KEPT);
  }
}
