import { formatDollars, type MilestoneView, type MustActView } from '@escrow/domain';

const day = (iso: string) => new Date(iso).toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });
const daysSince = (iso: string) => Math.max(0, Math.floor((Date.now() - Date.parse(iso)) / 86_400_000));

/** Who must act, as the card says it. */
function whoWords(m: MustActView): string {
  if (m.you) return 'You';
  if (m.who === 'payee') return m.name ?? 'The payee';
  if (m.who === 'admin') return 'Our team';
  return m.who === 'buyer' ? 'The buyer' : 'The seller';
}

/**
 * The clock on the milestone's held funds (issue 17): since when we hold them, the next date
 * that matters and who must act for them to move on.
 */
export function HeldFundsClock({ milestone }: { milestone: MilestoneView }) {
  const clock = milestone.clock;
  if (!clock.held_since) return null;
  const days = daysSince(clock.held_since);
  return (
    <section aria-label="Held funds" className="el-clock">
      <h4>Held funds</h4>
      <dl className="el-clock__facts">
        <div>
          <dt>Held since</dt>
          <dd>
            {day(clock.held_since)} ({days === 1 ? '1 day' : `${days} days`})
          </dd>
        </div>
        <div>
          <dt>In our hands</dt>
          <dd>
            {formatDollars(clock.in_custody)}
            {clock.retainage_held !== '0.00' ? `, of which ${formatDollars(clock.retainage_held)} retainage` : ''}
          </dd>
        </div>
        {clock.next_date && (
          <div>
            <dt>{clock.next_date.kind === 'funds_clear' ? 'Funds clear' : 'Completion expected by'}</dt>
            <dd>
              {day(clock.next_date.at)}
              {clock.next_date.kind === 'completion_due' ? '; after it the buyer may claim the refund' : ''}
            </dd>
          </div>
        )}
        <div className="el-clock__wide">
          <dt>Who must act</dt>
          <dd>
            {clock.must_act.length === 0 ? (
              'Nobody: the funds move on their own (the bank or the payment provider).'
            ) : (
              <ul className="el-plain-list">
                {clock.must_act.map((m) => (
                  <li key={`${m.who}-${m.company_id ?? ''}-${m.action}`} className={m.you ? 'el-clock__you' : undefined}>
                    {whoWords(m)}: {m.action}
                  </li>
                ))}
              </ul>
            )}
          </dd>
        </div>
      </dl>
    </section>
  );
}
