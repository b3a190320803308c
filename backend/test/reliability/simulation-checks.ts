import { createProjectors } from '@escrow/projections';
import type { Pool } from 'pg';

import type { ApiClient } from './http-client';
import type { RetryingCommands } from './retrying-commands';

/** Both parties sign the project's agreement as it reads now, each with their own name. */
export async function signByBoth(
  commands: RetryingCommands,
  projectId: number,
  parties: { buyer: ApiClient; buyerName: string; seller: ApiClient; sellerName: string },
): Promise<void> {
  for (const [party, client, name] of [
    ['customer', parties.buyer, parties.buyerName],
    ['company', parties.seller, parties.sellerName],
  ] as const) {
    const agreement = await commands.read<{ agreement_hash: string }>(client, `/api/job/${projectId}/agreement`);
    await commands.send(client, 'POST', `/api/job/${projectId}/agreement/sign`, {
      signer_type: party,
      signed_name: name,
      agreement_hash: agreement.agreement_hash,
    });
  }
}

/**
 * Events a user's command appended per stream, to show that a refused command changed nothing.
 * The system's own events (provider reports, reminders, a retainage decision reaching its
 * milestones) may land on the same streams meanwhile and are left out.
 */
/**
 * Idempotency-Keys appended more than once on a stream (by copies of a request with different
 * correlation ids): every command a client saw succeed appended once. A command of two streams
 * (a new milestone: its project's, then its own) may be finished by a retry after a crash between
 * them, with the retry's correlation on the second stream: that is not a second append.
 */
export async function keysAppendedTwice(pool: Pool): Promise<{ stream: string; key: string; appends: number }[]> {
  const { rows } = await pool.query<{ stream: string; key: string; appends: number }>(
    `SELECT stream_id AS stream, metadata->>'idempotencyKey' AS key, count(DISTINCT metadata->>'correlationId')::int AS appends
       FROM events WHERE metadata ? 'idempotencyKey' GROUP BY 1, 2 HAVING count(DISTINCT metadata->>'correlationId') > 1`,
  );
  return rows;
}

export async function streamLengths(pool: Pool, streams: string[]): Promise<Map<string, number>> {
  const { rows } = await pool.query<{ stream_id: string; n: number }>(
    `SELECT stream_id, count(*)::int AS n FROM events WHERE stream_id = ANY($1) AND metadata->>'actorRole' <> 'system' GROUP BY stream_id`,
    [streams],
  );
  return new Map(streams.map((s) => [s, rows.find((r) => r.stream_id === s)?.n ?? 0]));
}

/**
 * Waits until nothing is in flight: every projector has applied every event, the payment
 * provider has reported on every instruction and every settled deposit's return window has
 * passed. The next round then plans on settled facts.
 */
/** The event types each projector handles (its tables change only for these). */
const HANDLED = new Map(createProjectors().map((p) => [p.name, [...p.handles]]));

export async function quiesce(pool: Pool, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    // Open instructions, settled deposits still inside their return window, or instructions
    // handed over without their provider reference written yet.
    // Also retainage decisions that have not reached every milestone they name (the clock's sweep finishes them).
    const { rows: open } = await pool.query<{ n: number }>(
      `SELECT ((SELECT count(*) FROM payment_instructions WHERE status IN ('open', 'settled')) + (SELECT count(*) FROM payment_submissions WHERE provider_reference IS NULL)
         + (SELECT count(*) FROM milestones m JOIN jobs j USING (job_id)
              CROSS JOIN LATERAL jsonb_array_elements(coalesce(j.state->'retainage'->'decisions', '[]'::jsonb)) d
              CROSS JOIN LATERAL jsonb_array_elements(d->'milestoneIds') i
             WHERE m.retainage_held > 0 AND (i #>> '{}')::int = m.original_id))::int AS n`,
    );
    const { rows: checkpoints } = await pool.query<{ name: string; commit_position: string | null; prepare_position: string | null }>(
      'SELECT name, commit_position, prepare_position FROM projection_checkpoints',
    );
    // Behind only by events it handles: a projector persists its checkpoint past events it
    // ignores a second later (IDLE_CHECKPOINT_MS), and waiting for that held every round a second.
    let lag = 0;
    for (const c of checkpoints) {
      const { rows } = await pool.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM events WHERE (transaction_id, global_position) > ($1::text::xid8, $2::bigint) AND type = ANY($3::text[])`,
        [c.commit_position ?? '0', c.prepare_position ?? '0', HANDLED.get(c.name) ?? []],
      );
      lag += rows[0]!.n;
    }
    if (open[0]!.n === 0 && lag === 0 && checkpoints.length === createProjectors().length) return;
    if (Date.now() > deadline)
      throw new Error(
        `still busy after ${timeoutMs / 1000} s: ${open[0]!.n} open or unreferenced payment instructions or unapplied retainage decisions, projectors ${lag} events behind`,
      );
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * Every reminder of the held-funds clock was recorded once per milestone, reason and day (the
 * money invariants count that) and reached its people: at least one mail under its key.
 */
export async function checkReminders(pool: Pool): Promise<{ reminders: number; mails: number; violations: string[] }> {
  const { rows } = await pool.query<{ original_id: string; reason: string; day: string; mails: number }>(
    `SELECT e.data->>'originalId' AS original_id, e.data->>'reason' AS reason, e.data->>'day' AS day,
            (SELECT count(*) FROM mail_outbox m WHERE starts_with(m.dedupe_key, 'reminder:' || (e.data->>'originalId') || ':' || (e.data->>'reason') || ':' || (e.data->>'day') || ':'))::int AS mails
       FROM events e WHERE e.type = 'HeldFundsReminderSent'`,
  );
  const violations = rows.filter((r) => r.mails === 0).map((r) => `reminder "${r.reason}" of ${r.day} on milestone-${r.original_id} reached nobody`);
  return { reminders: rows.length, mails: rows.reduce((t, r) => t + r.mails, 0), violations };
}
