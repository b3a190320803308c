import type { PayoutWaiverView } from '@escrow/domain';
import { Link } from 'react-router-dom';

import { LightTag, type TagColour } from '../../../components/LightTag';
import { TEXTS } from './texts';

/** Where a payout's lien waivers stand (docs/progress-billing.md#lien-waivers), in words. */
const WAIVER: Record<PayoutWaiverView['waiver'], { label: string; colour: TagColour } | null> = {
  none: null,
  due: { label: 'Waiver due', colour: 'gold' },
  signed: { label: 'Waiver signed', colour: 'blue' },
  issued: { label: 'Unconditional waiver issued', colour: 'green' },
};

/**
 * A payout's lien waivers, for a pay application's payment and a retainage release alike: where
 * they stand, where the payee signs one due (the Lien waivers page, since a subcontractor is no
 * party to the project), and the latest waiver to print. `paying` names the payment in the print
 * link ("pay application 1", "retainage release 1").
 */
export function PayoutWaiver({ payout, payee, paying, isCompany }: { payout: PayoutWaiverView; payee: string; paying: string; isCompany: boolean }) {
  const waiver = WAIVER[payout.waiver];
  return (
    <>
      {waiver && <LightTag colour={waiver.colour}>{waiver.label}</LightTag>}
      {payout.waiver === 'due' && payout.payout_id !== null && (
        <span className="el-muted">
          {` ${TEXTS.waiverDue} `}
          {isCompany && <Link to="/portal/waivers">Sign it on Lien waivers</Link>}
        </span>
      )}
      {payout.waiver_name && (
        <>
          {' '}
          <Link to={`/portal/waivers/${payout.waiver_name}`} aria-label={`Print the waiver of ${payee} for ${paying}`}>
            Print the waiver
          </Link>
        </>
      )}
    </>
  );
}
