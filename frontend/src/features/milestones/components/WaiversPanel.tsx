import { formatDollars, type MilestoneView } from '@escrow/domain';
import { useState } from 'react';
import { Link } from 'react-router-dom';

import { useCompanyPermission } from '../../../api/company-role';
import { type LienWaiverView, useMilestoneWaivers } from '../../../api/waivers';
import { LightButton } from '../../../components/LightButton';
import { LightTag, type TagColour } from '../../../components/LightTag';
import { SignWaiverDialog } from '../../../components/SignWaiverDialog';
import { space } from '../../../design/tokens';
import { errorMessage } from '../../../lib/api-client';

const STATUS: Record<LienWaiverView['status'], { text: string; colour: TagColour }> = {
  missing: { text: 'Not signed yet', colour: 'gold' },
  signed: { text: 'Signed', colour: 'green' },
  issued: { text: 'Issued on payment', colour: 'blue' },
};

/** The lien waivers of the milestone's payments: what each payee signed, and the one to sign when it is yours. */
export function WaiversPanel({ milestone, signer }: { milestone: MilestoneView; signer: { first_name: string; last_name: string } | null }) {
  const waivers = useMilestoneWaivers(milestone.job_id, milestone.m_id, milestone.lien_waiver_state !== null);
  const [signing, setSigning] = useState<LienWaiverView | null>(null);
  const signs = useCompanyPermission('lien_waivers.sign');
  if (milestone.lien_waiver_state === null || !waivers.data?.length) {
    return waivers.isError ? <p role="alert">{errorMessage(waivers.error)}</p> : null;
  }
  return (
    <section aria-label="Lien waivers" className="el-waivers">
      <h4>Lien waivers ({milestone.lien_waiver_state})</h4>
      {signs.reason && waivers.data.some((w) => w.can_sign) && <p className="el-muted">{signs.reason}</p>}
      <ul className="el-plain-list">
        {waivers.data.map((w) => (
          <li key={`${w.payment}-${w.mp_id}-${w.kind}`}>
            <strong>{w.company_name}</strong>: {w.kind} waiver for the {w.payment === 'retainage' ? 'retainage release' : 'payment'} of{' '}
            {formatDollars(w.amount)} — <LightTag colour={STATUS[w.status].colour}>{STATUS[w.status].text}</LightTag>
            {w.waiver_name && <Link to={`/portal/waivers/${w.waiver_name}`}>Print</Link>}
            {w.can_sign && signer && signs.allowed && (
              <LightButton
                size="small"
                variant="primary"
                onClick={() => setSigning(w)}
                onPointerEnter={SignWaiverDialog.preload}
                onFocus={SignWaiverDialog.preload}
                aria-haspopup="dialog"
                style={{ marginLeft: space.xs }}
              >
                Sign {w.kind} waiver
              </LightButton>
            )}
          </li>
        ))}
      </ul>
      {signer && <SignWaiverDialog waiver={signing} projectId={milestone.job_id} mId={milestone.m_id} user={signer} onClose={() => setSigning(null)} />}
    </section>
  );
}
