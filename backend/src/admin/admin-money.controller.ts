import {
  type ActiveMilestone,
  type ActiveProject,
  type AdminDashboardView,
  type AdminPaymentRow,
  type AdminReportsView,
  type AgeingRow,
  type DisputeOutcomeRow,
  type HeldByProjectRow,
  heldFundsClock,
  type HeldOnDayRow,
  type MonthlyMoneyRow,
  type MustAct,
  nextAction,
  retainageStep,
} from '@escrow/domain';
import { BadRequestException, Controller, Get, Inject, Query, Res } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import type { FastifyReply } from 'fastify';
import type { Pool } from 'pg';

import { isIdText } from '../http/ids';
import { Answers, AnswersFile } from '../http/openapi';
import { Access, AdminRoles, EVERY_ADMIN_ROLE } from '../identity';
import { PG_POOL } from '../infrastructure/database/database.tokens';
import { milestoneOf, projectOf } from '../read-models';
import { ListRetainageDisputes } from '../retainage';
import { sendCsv, toCsv } from './csv';

/** A row as pg reads it: timestamptz columns come back as Date objects. */
type Read<Row, Instants extends keyof Row> = Omit<Row, Instants> & { [K in Instants]: null extends Row[K] ? Date | null : Date };

// JSON wrote those Dates as toISOString() (and toCsv writes them so too): the contract's strings are the same text.
const iso = (at: Date): string => at.toISOString();
const isoOrNull = (at: Date | null): string | null => at?.toISOString() ?? null;

const isoDate = (value: unknown, name: string): string | null => {
  if (value === undefined || value === '') return null;
  const time = typeof value === 'string' ? Date.parse(value) : NaN;
  // Years outside 1–9999 parse in JavaScript but not in PostgreSQL.
  if (Number.isNaN(time) || time < Date.parse('0001-01-01T00:00:00Z') || time > Date.parse('9999-12-31T23:59:59.999Z'))
    throw new BadRequestException(`${name} must be a date like 2026-11-01.`);
  return new Date(time).toISOString();
};

const positiveInt = (value: unknown, name: string): number | null => {
  if (value === undefined || value === '') return null;
  if (!isIdText(value)) throw new BadRequestException(`${name} must be a positive whole number.`);
  return Number(value);
};

/** The money across every project: dashboard, payments history, reports. Admins only. */
@Controller('admin')
@Access('admin')
@AdminRoles(...EVERY_ADMIN_ROLE)
export class AdminMoneyController {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    private readonly queryBus: QueryBus,
  ) {}

  /** Figures come from the double-entry ledger (held, paid out, fees) and the milestones read model. */
  @Get('dashboard')
  @Answers('AdminDashboardView')
  async dashboard(): Promise<AdminDashboardView> {
    const q = async <T>(sql: string, params: unknown[] = []) => (await this.pool.query<T & Record<string, unknown>>(sql, params)).rows;
    const [money] = await q<{ held: string; retainage: string; paid_out_month: string; fees_month: string; refunded_month: string; deposited_month: string }>(`
      SELECT coalesce(sum(amount) FILTER (WHERE account = 'escrow'), 0)::numeric(20,2)::text AS held,
             coalesce(sum(amount) FILTER (WHERE account = 'retainage'), 0)::numeric(20,2)::text AS retainage,
             coalesce(sum(amount) FILTER (WHERE account = 'payee_payouts' AND occurred_at >= date_trunc('month', now())), 0)::numeric(20,2)::text AS paid_out_month,
             coalesce(sum(amount) FILTER (WHERE account = 'platform_fees' AND occurred_at >= date_trunc('month', now())), 0)::numeric(20,2)::text AS fees_month,
             coalesce(sum(amount) FILTER (WHERE account = 'buyer_refunds' AND occurred_at >= date_trunc('month', now())), 0)::numeric(20,2)::text AS refunded_month,
             coalesce(-sum(amount) FILTER (WHERE account = 'buyer_funding' AND occurred_at >= date_trunc('month', now())), 0)::numeric(20,2)::text AS deposited_month
        FROM ledger_entries`);
    const [pending] = await q<{ n: number; amount: string }>(
      `SELECT count(*)::int AS n, coalesce(sum(amount), 0)::numeric(20,2)::text AS amount FROM milestone_deposits WHERE status = 'pending'`,
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
    const monthly = await this.monthly(6);
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
   * funds of each milestone, with the project's retainage step).
   */
  private async heldByProject(): Promise<HeldByProjectRow[]> {
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
    const companies = new Set(
      rows.flatMap((r) =>
        r.must_act
          .flat()
          .map((m) => m.companyId)
          .filter((id): id is number => id !== null),
      ),
    );
    const { rows: names } = await this.pool.query<{ company_id: number; name: string }>(
      'SELECT company_id, name FROM companies WHERE company_id = ANY($1::int[])',
      [[...companies]],
    );
    const nameOf = new Map(names.map((n) => [n.company_id, n.name]));
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
      const seen = new Set<string>();
      return {
        job_id: r.job_id,
        service: r.service,
        buyer: r.buyer,
        seller: r.seller,
        held: r.held,
        retainage_held: r.retainage_held,
        in_custody: r.in_custody,
        since: iso(r.since),
        age_days: Math.floor((Date.now() - r.since.getTime()) / 86_400_000),
        // The read model sets a milestone's next date and its kind together, from one clock.
        next_date: r.next_date ? { kind: r.next_date_kind!, at: iso(r.next_date) } : null,
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

  private async monthly(months: number): Promise<MonthlyMoneyRow[]> {
    const { rows } = await this.pool.query<MonthlyMoneyRow>(
      `SELECT to_char(m, 'YYYY-MM') AS month,
              coalesce(-sum(l.amount) FILTER (WHERE l.account = 'buyer_funding'), 0)::numeric(20,2)::text AS deposits,
              coalesce(sum(l.amount) FILTER (WHERE l.account = 'payee_payouts'), 0)::numeric(20,2)::text AS disbursed,
              coalesce(sum(l.amount) FILTER (WHERE l.account = 'platform_fees'), 0)::numeric(20,2)::text AS fees,
              coalesce(sum(l.amount) FILTER (WHERE l.account = 'buyer_refunds'), 0)::numeric(20,2)::text AS refunds
         FROM generate_series(date_trunc('month', now()) - ($1 - 1) * interval '1 month', date_trunc('month', now()), interval '1 month') AS m
         LEFT JOIN ledger_entries l ON l.occurred_at >= m AND l.occurred_at < m + interval '1 month'
        GROUP BY m ORDER BY m`,
      [months],
    );
    return rows;
  }

  /** Deposits, disbursements and refunds (retainage refunds marked `retainage`), filtered by date, status, party and project; JSON or CSV. */
  @Get('payments')
  @Answers(['AdminPaymentRow'])
  async payments(
    @Query('kind') kind: unknown,
    @Query('status') status: unknown,
    @Query('from') fromParam: unknown,
    @Query('to') toParam: unknown,
    @Query('job_id') jobParam: unknown,
    @Query('party') partyParam: unknown,
    @Query('format') format: unknown,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<AdminPaymentRow[] | string> {
    if (kind !== undefined && kind !== '' && !['deposit', 'disbursement', 'refund'].includes(kind as string))
      throw new BadRequestException('kind is deposit, disbursement or refund.');
    if (status !== undefined && status !== '' && !['pending', 'settled', 'failed', 'requested', 'paid'].includes(status as string))
      throw new BadRequestException('status is pending, settled, failed, requested or paid.');
    if (format !== undefined && format !== 'csv' && format !== 'json') throw new BadRequestException('format is csv or json.');
    if (partyParam !== undefined && typeof partyParam !== 'string') throw new BadRequestException('party must be given once.');
    const from = isoDate(fromParam, 'from');
    const to = isoDate(toParam, 'to');
    if (from && to && from >= to)
      throw new BadRequestException('The From day must be earlier than the Before day: no payment is on or after the one and before the other.');
    const jobId = positiveInt(jobParam, 'job_id');
    const party = typeof partyParam === 'string' && partyParam.trim() ? `%${partyParam.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
    const { rows: read } = await this.pool.query<Read<AdminPaymentRow, 'created_at' | 'completed_at'>>(
      `SELECT * FROM (
         SELECT 'deposit' AS kind, d.md_id AS id, d.job_id, d.original_id, d.amount, NULL::numeric AS fee, d.status, d.created_at, d.settled_at AS completed_at,
                u.display_name AS party, 'buyer' AS party_role, false AS retainage
           FROM milestone_deposits d JOIN jobs j USING (job_id) LEFT JOIN users u ON u.user_id = j.customer_id
         UNION ALL
         SELECT 'disbursement', b.disbursement_id, b.job_id, b.original_id, b.amount, b.fee, b.status, b.created_at, b.paid_at, c.name, 'payee', false
           FROM milestone_disbursements b LEFT JOIN companies c ON c.company_id = b.company_id
         UNION ALL
         SELECT 'refund', r.refund_id, r.job_id, r.original_id, r.amount, NULL, r.status, r.created_at, r.paid_at, u.display_name, 'buyer', false
           FROM milestone_refunds r JOIN jobs j USING (job_id) LEFT JOIN users u ON u.user_id = j.customer_id
         UNION ALL
         -- Retainage given back to the buyer: in the milestone's state (its id is the retainage dispute's), found through milestone_retainage.
         SELECT 'refund', (rr->>'refundId')::int, m.job_id, m.original_id, (rr->>'amount')::numeric, NULL, rr->>'status', (rr->>'requestedAt')::timestamptz,
                (rr->>'paidAt')::timestamptz, u.display_name, 'buyer', true
           FROM milestones m JOIN jobs j USING (job_id) LEFT JOIN users u ON u.user_id = j.customer_id
          CROSS JOIN LATERAL jsonb_array_elements(m.state->'retainageRefunds') rr
          WHERE m.original_id IN (SELECT original_id FROM milestone_retainage WHERE refunded > 0)
       ) p
       WHERE ($1::text IS NULL OR kind = $1) AND ($2::text IS NULL OR status = $2) AND ($3::timestamptz IS NULL OR created_at >= $3)
         AND ($4::timestamptz IS NULL OR created_at < $4) AND ($5::int IS NULL OR job_id = $5) AND ($6::text IS NULL OR party ILIKE $6)
       ORDER BY created_at DESC, kind, id LIMIT 5000`,
      [kind || null, status || null, from, to, jobId, party],
    );
    const rows = read.map((r): AdminPaymentRow => ({ ...r, created_at: iso(r.created_at), completed_at: isoOrNull(r.completed_at) }));
    if (format === 'csv') {
      return sendCsv(
        reply,
        'payments.csv',
        toCsv(
          ['kind', 'id', 'job_id', 'milestone_id', 'amount', 'fee', 'status', 'created_at', 'completed_at', 'party', 'party_role', 'retainage'],
          rows.map((r) => [r.kind, r.id, r.job_id, r.original_id, r.amount, r.fee, r.status, r.created_at, r.completed_at, r.party, r.party_role, r.retainage]),
        ),
      );
    }
    return rows;
  }

  /** Monthly money, funds held over time, milestone ageing and disputes; each as JSON or CSV. */
  @Get('reports')
  @Answers('AdminReportsView')
  async reports(): Promise<AdminReportsView> {
    const monthly = await this.monthly(12);
    const { rows: heldOverTime } = await this.pool.query<HeldOnDayRow>(
      `SELECT to_char(d, 'YYYY-MM-DD') AS day, coalesce((SELECT sum(amount) FROM ledger_entries WHERE account = 'escrow' AND occurred_at < d + interval '1 day'), 0)::numeric(20,2)::text AS held
         FROM generate_series(date_trunc('day', now()) - interval '89 days', date_trunc('day', now()), interval '1 day') AS d ORDER BY d`,
    );
    const { rows: ageing } = await this.pool.query<Read<AgeingRow, 'created_at' | 'agreed_at' | 'funded_at' | 'completed_at' | 'closed_at'>>(
      // A milestone refunded or split by a dispute never completes: it closes when that last event lands.
      `SELECT original_id, job_id, title, status, created_at, agreed_at, funded_at, completed_at, closed_at,
              round(extract(epoch FROM (coalesce(funded_at, now()) - agreed_at)) / 86400, 1) AS days_approval_to_deposit,
              round(extract(epoch FROM (coalesce(closed_at, now()) - funded_at)) / 86400, 1) AS days_deposit_to_completion
         FROM (SELECT m.*, coalesce(m.completed_at, CASE WHEN m.status IN ('Refunded', 'Split') THEN m.updated_at END) AS closed_at FROM milestones m) m
        WHERE agreed_at IS NOT NULL ORDER BY agreed_at`,
    );
    const { rows: disputes } = await this.pool.query<DisputeOutcomeRow>(
      `SELECT coalesce(resolution, 'open') AS outcome, count(*)::int AS count, coalesce(sum(refund_amount), 0)::numeric(20,2)::text AS refunded,
              coalesce(sum(release_amount), 0)::numeric(20,2)::text AS released,
              round(avg(extract(epoch FROM (resolved_at - opened_at)) / 86400), 1) AS avg_days_to_resolve
         FROM milestone_disputes GROUP BY coalesce(resolution, 'open') ORDER BY 1`,
    );
    return {
      monthly,
      held_over_time: heldOverTime,
      ageing: ageing.map((a) => ({
        ...a,
        created_at: iso(a.created_at),
        agreed_at: iso(a.agreed_at),
        funded_at: isoOrNull(a.funded_at),
        completed_at: isoOrNull(a.completed_at),
        closed_at: isoOrNull(a.closed_at),
      })),
      disputes,
    };
  }

  @Get('reports/csv')
  // An export leaves the system: finance and operations, not support.
  @AdminRoles('finance', 'operations', 'owner')
  @AnswersFile('text/csv', 'One report of GET /api/admin/reports (report=monthly, held, ageing or disputes) as CSV, one line per row.')
  async reportCsv(@Query('report') report: unknown, @Res({ passthrough: true }) reply: FastifyReply): Promise<string> {
    const all = await this.reports();
    switch (report) {
      case 'monthly':
        return sendCsv(
          reply,
          'monthly.csv',
          toCsv(
            ['month', 'deposits', 'disbursed', 'fees', 'refunds'],
            all.monthly.map((m) => [m.month, m.deposits, m.disbursed, m.fees, m.refunds]),
          ),
        );
      case 'held':
        return sendCsv(
          reply,
          'funds-held.csv',
          toCsv(
            ['day', 'held'],
            all.held_over_time.map((h) => [h.day, h.held]),
          ),
        );
      case 'ageing':
        return sendCsv(
          reply,
          'milestone-ageing.csv',
          toCsv(
            [
              'milestone_id',
              'job_id',
              'title',
              'status',
              'agreed_at',
              'funded_at',
              'completed_at',
              'closed_at',
              'days_approval_to_deposit',
              'days_deposit_to_completion',
            ],
            all.ageing.map((a) => [
              a.original_id,
              a.job_id,
              a.title,
              a.status,
              a.agreed_at,
              a.funded_at,
              a.completed_at,
              a.closed_at,
              a.days_approval_to_deposit,
              a.days_deposit_to_completion,
            ]),
          ),
        );
      case 'disputes':
        return sendCsv(
          reply,
          'disputes.csv',
          toCsv(
            ['outcome', 'count', 'refunded', 'released', 'avg_days_to_resolve'],
            all.disputes.map((d) => [d.outcome, d.count, d.refunded, d.released, d.avg_days_to_resolve]),
          ),
        );
      default:
        throw new BadRequestException('report is monthly, held, ageing or disputes.');
    }
  }
}
