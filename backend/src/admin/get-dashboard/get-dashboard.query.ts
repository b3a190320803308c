import {
  type ActiveBilling,
  type ActiveMilestone,
  type ActiveProject,
  type AdminDashboardView,
  billingHeldFunds,
  type HeldByProjectRow,
  heldFundsClock,
  type MustAct,
  nextAction,
  retainageStep,
} from '@escrow/domain';
import { Inject } from '@nestjs/common';
import { type IQueryHandler, Query, QueryBus, QueryHandler } from '@nestjs/cqrs';
import type { Pool } from 'pg';

import { PG_POOL } from '../../infrastructure/database/database.tokens';
import { milestoneOf, projectOf } from '../../read-models';
import { ListRetainageDisputes } from '../../retainage';
import { iso, monthlyMoney } from '../money-rows';

/**
 * GET /api/admin/dashboard: the money across every project, from the double-entry ledger (held,
 * paid out, fees), the milestones read model and the progress-billing read model (a progress-billed
 * project's deposits pending and its escrow balance held).
 */
export class GetAdminDashboard extends Query<AdminDashboardView> {}

@QueryHandler(GetAdminDashboard)
export class GetAdminDashboardHandler implements IQueryHandler<GetAdminDashboard> {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    private readonly queryBus: QueryBus,
  ) {}

  async execute(): Promise<AdminDashboardView> {
    const q = async <T>(sql: string, params: unknown[] = []) => (await this.pool.query<T & Record<string, unknown>>(sql, params)).rows;
    const [money] = await q<{ held: string; retainage: string; paid_out_month: string; fees_month: string; refunded_month: string; deposited_month: string }>(`
      SELECT coalesce(sum(amount) FILTER (WHERE account = 'escrow'), 0)::numeric(20,2)::text AS held,
             coalesce(sum(amount) FILTER (WHERE account = 'retainage'), 0)::numeric(20,2)::text AS retainage,
             coalesce(sum(amount) FILTER (WHERE account = 'payee_payouts' AND occurred_at >= date_trunc('month', now())), 0)::numeric(20,2)::text AS paid_out_month,
             coalesce(sum(amount) FILTER (WHERE account = 'platform_fees' AND occurred_at >= date_trunc('month', now())), 0)::numeric(20,2)::text AS fees_month,
             coalesce(sum(amount) FILTER (WHERE account = 'buyer_refunds' AND occurred_at >= date_trunc('month', now())), 0)::numeric(20,2)::text AS refunded_month,
             coalesce(-sum(amount) FILTER (WHERE account = 'buyer_funding' AND occurred_at >= date_trunc('month', now())), 0)::numeric(20,2)::text AS deposited_month
        FROM ledger_entries`);
    // Asked of the bank and not settled yet, a milestone's or a progress-billed project's (its escrow balance's deposits).
    const [pending] = await q<{ n: number; amount: string }>(
      `SELECT count(*)::int AS n, coalesce(sum(amount), 0)::numeric(20,2)::text AS amount
         FROM (SELECT amount FROM milestone_deposits WHERE status = 'pending'
               UNION ALL
               SELECT (d->>'amount')::numeric FROM billing_schedules b CROSS JOIN LATERAL jsonb_array_elements(b.state->'deposits') d
                WHERE d->>'status' = 'pending') deposits`,
    );
    const [disputes] = await q<{ n: number }>(`SELECT count(*)::int AS n FROM milestone_disputes WHERE status = 'open'`);
    // Retainage disputes live on the project: the admin resolves them on the project's Retainage tab.
    const retainageDisputes = await this.queryBus.execute(new ListRetainageDisputes());
    // Waiting on whom: the same rule the portal shows as each side's next action.
    const open = await q<{ state: ActiveMilestone }>(`SELECT state FROM milestones WHERE status NOT IN ('Complete', 'Refunded', 'Split')`);
    const waitingOn = { buyer: 0, seller: 0 };
    for (const { state: stored } of open) {
      const state = milestoneOf(stored);
      if (nextAction(state, 'customer')) waitingOn.buyer++;
      if (nextAction(state, 'company')) waitingOn.seller++;
    }
    const heldByProject = await this.heldByProject();
    const monthly = await monthlyMoney(this.pool, 6);
    return {
      held: money!.held,
      retainage_held: money!.retainage,
      deposits_pending: { count: pending!.n, amount: pending!.amount },
      deposited_this_month: money!.deposited_month,
      disbursed_this_month: money!.paid_out_month,
      fees_this_month: money!.fees_month,
      refunded_this_month: money!.refunded_month,
      open_disputes: disputes!.n,
      retainage_disputes: retainageDisputes,
      waiting_on: waitingOn,
      held_by_project: heldByProject,
      monthly,
    };
  }
  /**
   * Every project holding funds (in escrow, owed to payees and not paid out yet, or retained),
   * oldest first: since when, the next date that matters and who must act (the clock on held
   * funds of each milestone, with the project's retainage step, or of a progress-billed project's
   * escrow balance).
   */
  private async heldByProject(): Promise<HeldByProjectRow[]> {
    const held = [...(await this.milestoneProjectsHeld()), ...(await this.billedProjectsHeld())]
      .sort((a, b) => a.since.getTime() - b.since.getTime() || a.job_id - b.job_id)
      .slice(0, 500);
    const companies = new Set(held.flatMap((r) => r.acts.map((m) => m.companyId).filter((id): id is number => id !== null)));
    const { rows: names } = await this.pool.query<{ company_id: number; name: string }>(
      'SELECT company_id, name FROM companies WHERE company_id = ANY($1::int[])',
      [[...companies]],
    );
    const nameOf = new Map(names.map((n) => [n.company_id, n.name]));
    return held.map(({ acts, since, ...r }) => {
      const seen = new Set<string>();
      return {
        ...r,
        since: iso(since),
        age_days: Math.floor((Date.now() - since.getTime()) / 86_400_000),
        must_act: acts
          .map((m) => ({ who: m.who, name: m.companyId === null ? null : (nameOf.get(m.companyId) ?? null), action: m.action }))
          .filter((m) => {
            const key = `${m.who}|${m.name}|${m.action}`;
            if (seen.has(key)) return false;
            seen.add(key);
            return true;
          }),
      };
    });
  }

  /**
   * Progress-billed projects holding funds (docs/progress-billing.md#funding-before-work): their
   * escrow balance from the billing read model's folded state, as the parties see it.
   */
  private async billedProjectsHeld(): Promise<HeldRow[]> {
    const { rows } = await this.pool.query<{ job_id: number; service: string; buyer: string | null; seller: string | null; state: ActiveBilling }>(`
      SELECT b.job_id, j.service, u.display_name AS buyer, c.name AS seller, b.state
        FROM billing_schedules b JOIN jobs j USING (job_id)
        LEFT JOIN users u ON u.user_id = j.customer_id LEFT JOIN companies c ON c.company_id = j.primary_company_id
       WHERE jsonb_path_exists(b.state, '$.deposits[*] ? (@.status == "settled")')
       ORDER BY b.job_id LIMIT 500`);
    return rows.flatMap(({ state, ...project }) => {
      const clock = billingHeldFunds(state);
      if (!clock.heldSince) return [];
      return [
        {
          ...project,
          held: clock.inEscrow,
          retainage_held: clock.retainageHeld,
          in_custody: clock.inCustody,
          since: new Date(clock.heldSince),
          next_date: clock.next,
          acts: clock.mustAct,
        },
      ];
    });
  }

  private async milestoneProjectsHeld(): Promise<HeldRow[]> {
    const { rows } = await this.pool.query<{
      job_id: number;
      service: string;
      buyer: string | null;
      seller: string | null;
      state: ActiveProject;
      held: string;
      retainage_held: string;
      in_custody: string;
      since: Date;
      next_date: Date | null;
      next_date_kind: 'funds_clear' | 'completion_due' | null;
      must_act: MustAct[][];
    }>(`
      SELECT j.job_id, j.service, u.display_name AS buyer, c.name AS seller, j.state,
             sum(m.held)::numeric(20,2)::text AS held, sum(m.retainage_held)::numeric(20,2)::text AS retainage_held,
             sum(m.in_custody)::numeric(20,2)::text AS in_custody, min(m.held_since) AS since,
             min(m.next_date) AS next_date, (array_agg(m.next_date_kind ORDER BY m.next_date) FILTER (WHERE m.next_date IS NOT NULL))[1] AS next_date_kind,
             jsonb_agg(m.must_act) AS must_act
        FROM milestones m JOIN jobs j USING (job_id)
        LEFT JOIN users u ON u.user_id = j.customer_id LEFT JOIN companies c ON c.company_id = j.primary_company_id
       WHERE m.held_since IS NOT NULL
       GROUP BY j.job_id, u.display_name, c.name ORDER BY min(m.held_since), j.job_id LIMIT 500`);
    const retained = rows.filter((r) => Number(r.retainage_held) > 0).map((r) => r.job_id);
    const { rows: milestoneStates } = await this.pool.query<{ job_id: number; state: ActiveMilestone }>(
      'SELECT job_id, state FROM milestones WHERE job_id = ANY($1::int[])',
      [retained],
    );
    const statesOf = new Map<number, ActiveMilestone[]>();
    for (const m of milestoneStates) statesOf.set(m.job_id, [...(statesOf.get(m.job_id) ?? []), milestoneOf(m.state)]);
    return rows.map((r) => {
      const acts = r.must_act.flat();
      // Retainage waits on the project's release (the read model's clocks leave that step out).
      if (Number(r.retainage_held) > 0) {
        const states = statesOf.get(r.job_id) ?? [];
        const step = retainageStep(projectOf(r.state).retainage, states);
        acts.push(...states.flatMap((m) => heldFundsClock(m, step).mustAct.filter((a) => a.reason.includes('retainage'))));
      }
      return {
        job_id: r.job_id,
        service: r.service,
        buyer: r.buyer,
        seller: r.seller,
        held: r.held,
        retainage_held: r.retainage_held,
        in_custody: r.in_custody,
        since: r.since,
        // The read model sets a milestone's next date and its kind together, from one clock.
        next_date: r.next_date ? { kind: r.next_date_kind!, at: iso(r.next_date) } : null,
        acts,
      };
    });
  }
}

/** A project's row before the payee companies are named. */
type HeldRow = Omit<HeldByProjectRow, 'since' | 'age_days' | 'must_act'> & { since: Date; acts: MustAct[] };
