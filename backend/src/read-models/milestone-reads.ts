import {
  type ActiveMilestone,
  type ActiveProject,
  asCompanyRole,
  type BankAccountsState,
  type BankAccountStatus,
  type CompanyRole,
  currentMilestoneShape,
  currentProjectShape,
  initialBankAccountsState,
  maskedAccount,
  notFound,
  type OriginalId,
  type PayoutAccountView,
  payoutDestination,
  payoutHoldText,
  type PayoutHoldView,
} from '@escrow/domain';
import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';

import { DirectoryService } from '../directory';
import { PG_POOL } from '../infrastructure/database/database.tokens';
import { AuthorRoles } from './author-roles';
import type { Names } from './names';

/** A stored state in the current shape (rows of an older read side are read until its rebuild is swapped in). */
export const milestoneOf = (state: ActiveMilestone): ActiveMilestone => currentMilestoneShape(state) as ActiveMilestone;
export const projectOf = (state: ActiveProject): ActiveProject => currentProjectShape(state) as ActiveProject;

/** Milestone states from the read model, and the names that go with them. */
@Injectable()
export class MilestoneReads {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    private readonly directory: DirectoryService,
    private readonly authorRoles: AuthorRoles,
  ) {}

  async ofJob(projectId: number): Promise<ActiveMilestone[]> {
    const { rows } = await this.pool.query<{ state: ActiveMilestone }>({
      name: 'escrow_milestones_of_job',
      text: 'SELECT state FROM milestones WHERE job_id = $1 ORDER BY position, original_id',
      values: [projectId],
    });
    return rows.map((r) => milestoneOf(r.state));
  }

  async many(originalIds: number[]): Promise<ActiveMilestone[]> {
    if (originalIds.length === 0) return [];
    const { rows } = await this.pool.query<{ state: ActiveMilestone }>('SELECT state FROM milestones WHERE original_id = ANY($1::int[]) ORDER BY original_id', [
      originalIds,
    ]);
    return rows.map((r) => milestoneOf(r.state));
  }

  async one(originalId: OriginalId): Promise<ActiveMilestone> {
    const { rows } = await this.pool.query<{ state: ActiveMilestone }>('SELECT state FROM milestones WHERE original_id = $1', [originalId]);
    if (!rows[0]) throw notFound('no_such_milestone', 'There is no such milestone.');
    return milestoneOf(rows[0].state);
  }

  /** The project's folded state (its terms and retainage release) from the jobs read model. */
  async project(projectId: number): Promise<ActiveProject> {
    const { rows } = await this.pool.query<{ state: ActiveProject }>('SELECT state FROM jobs WHERE job_id = $1', [projectId]);
    if (!rows[0]) throw notFound('no_such_project', 'There is no such project.');
    return projectOf(rows[0].state);
  }

  /**
   * Every person and company the states mention, looked up at once. `acting` is the user of a
   * command being answered: a version the read model has not reached yet is theirs, in that role.
   * `payouts: false` leaves out the companies' payout accounts (`Names.payout`), a statement of
   * their own that only views of payments read: the milestone card (milestoneView) names none.
   */
  async namesFor(
    states: ActiveMilestone[],
    extraPeople: number[] = [],
    extraCompanies: number[] = [],
    acting: { userId: number; companyRole: CompanyRole | null } | null = null,
    { payouts: withPayouts = true }: { payouts?: boolean } = {},
  ): Promise<Names> {
    const people = new Set<number>(extraPeople);
    const companies = new Set<number>(extraCompanies);
    const versions: number[] = [];
    const fresh = new Map<number, CompanyRole | null>();
    for (const s of states) {
      people.add(s.customerId);
      companies.add(s.companyId);
      for (const v of s.versions) {
        people.add(v.proposedBy);
        versions.push(v.versionId);
        if (acting && v.proposedBy === acting.userId) fresh.set(v.versionId, acting.companyRole);
        for (const p of v.terms.payees) companies.add(p.companyId);
      }
      for (const d of s.disputes) {
        people.add(d.openedBy);
        if (d.response) people.add(d.response.by);
        if (d.proposal) people.add(d.proposal.by);
      }
    }
    const [{ people: personNames, companies: companyNames }, payouts, authorRoles] = await Promise.all([
      this.directory.names(people, companies),
      withPayouts ? this.payoutsOf(companies) : undefined,
      this.authorRolesOf(versions),
    ]);
    return {
      person: (id) => (id === null ? null : (personNames.get(id)?.displayName ?? null)),
      company: (id) => (id === null ? null : (companyNames.get(id) ?? null)),
      ...(payouts ? { payout: payouts } : {}),
      authorRole: (versionId) => (authorRoles.has(versionId) ? authorRoles.get(versionId) : fresh.get(versionId)) ?? null,
    };
  }

  /**
   * Each version's author role (issue 37): the projector keeps it from the proposal's metadata,
   * which the folded state never holds; those this process knows already are not asked again
   * (AuthorRoles). Versions the read model has not reached yet are absent.
   */
  private async authorRolesOf(versionIds: number[]): Promise<Map<number, CompanyRole | null>> {
    const known = new Map<number, CompanyRole | null>();
    const unknown: number[] = [];
    for (const id of versionIds) {
      const role = this.authorRoles.get(id);
      if (role) known.set(id, role);
      else unknown.push(id);
    }
    if (unknown.length === 0) return known;
    const { rows } = await this.pool.query<{ m_id: number; author_company_role: string | null }>({
      name: 'escrow_milestone_author_roles',
      text: 'SELECT m_id, author_company_role FROM milestone_versions WHERE m_id = ANY($1::int[])',
      values: [unknown],
    });
    for (const r of rows) {
      const role = asCompanyRole(r.author_company_role);
      known.set(r.m_id, role);
      this.authorRoles.note(r.m_id, role);
    }
    return known;
  }

  /**
   * The payout accounts of these companies from the bank-accounts read model, each turned into
   * the domain's state so the one rule (payoutDestination) says whether payments to it wait.
   */
  private async payoutsOf(companies: Set<number>): Promise<(companyId: number) => { account: PayoutAccountView | null; hold: PayoutHoldView | null }> {
    const { rows } = await this.pool.query<{
      owner_id: number;
      payout_account_id: number | null;
      last4: string | null;
      bank_name: string | null;
      status: BankAccountStatus | null;
      changed_at: Date | null;
      hold_until: Date | null;
      change_from: number | null;
    }>({
      // Named, so PostgreSQL plans it once per connection: every milestone command's answer sends it.
      name: 'escrow_company_payouts',
      text: `SELECT o.owner_id, o.payout_account_id, a.last4, a.bank_name, a.status, o.changed_at, o.hold_until, o.change_from
               FROM bank_account_owners o LEFT JOIN linked_bank_accounts a ON a.bank_account_id = o.payout_account_id
              WHERE o.owner_kind = 'company' AND o.owner_id = ANY($1::int[])`,
      values: [[...companies]],
    });
    const now = new Date().toISOString();
    const byCompany = new Map(rows.map((r) => [r.owner_id, r]));
    return (companyId) => {
      const r = byCompany.get(companyId);
      const state: BankAccountsState = {
        ...initialBankAccountsState,
        payoutAccountId: r?.payout_account_id ?? null,
        accounts:
          r && r.payout_account_id !== null && r.last4 && r.status
            ? [
                {
                  bankAccountId: r.payout_account_id,
                  purpose: 'payout',
                  jobId: null,
                  bankName: r.bank_name,
                  last4: r.last4,
                  providerToken: '',
                  status: r.status,
                  triesLeft: 0,
                  microDeposits: null,
                  linkedAt: now,
                  linkedBy: 0,
                },
              ]
            : [],
        payoutChange:
          r && r.payout_account_id !== null && r.changed_at && r.hold_until
            ? {
                to: r.payout_account_id,
                from: r.change_from,
                changedAt: r.changed_at.toISOString(),
                holdUntil: r.hold_until.toISOString(),
                by: 0,
                sessionId: null,
                originId: null,
              }
            : null,
      };
      const destination = payoutDestination(state, now);
      const current = state.accounts[0];
      return {
        account: current && current.status === 'verified' ? { last4: current.last4, masked: maskedAccount(current.last4), bank_name: current.bankName } : null,
        hold: 'held' in destination ? { ...destination.held, text: payoutHoldText(destination.held) } : null,
      };
    };
  }
}
