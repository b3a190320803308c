import { useParams } from 'react-router-dom';

import { CompanyWaivers, WaiverDocument } from '../../features/lien-waivers';
import { PortalShell } from './PortalShell';

/** /portal/waivers: the lien waivers of the user's company across every project that pays it. */
export function CompanyWaiversPage() {
  return (
    <PortalShell checks={['company']}>
      <CompanyWaivers />
    </PortalShell>
  );
}

/** /portal/waivers/{name}: a waiver as it was signed or issued, to print. */
export function WaiverDocumentPage() {
  const name = useParams().name ?? '';
  return (
    <PortalShell wide={false}>
      <WaiverDocument name={name} />
    </PortalShell>
  );
}
