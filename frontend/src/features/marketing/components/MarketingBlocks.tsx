import './marketing.css';

import { Link } from 'react-router-dom';

import { LightButtonLink } from '../../../components/LightButton';

export function TrustSeals() {
  const seals = [
    'Funds held in a segregated escrow account',
    'Licensed & insured member contractors',
    'Every payment on an auditable ledger',
    'Disputes mediated by our team',
  ];
  return (
    <ul className="el-seals el-container" aria-label="Why you can trust us">
      {seals.map((s) => (
        <li key={s} className="el-seal">
          <span className="el-seal__dot" aria-hidden="true" />
          {s}
        </li>
      ))}
    </ul>
  );
}

export function PromiseSummary() {
  return (
    <section className="el-section el-section--tint" aria-labelledby="promise-summary">
      <div className="el-container el-grid el-grid--2">
        <div>
          <h2 id="promise-summary">Our promise</h2>
          <p>
            Your money does not go to the contractor up front. You deposit each milestone with us, we hold it in escrow, and we release it only when you and
            your contractor both mark the milestone complete.
          </p>
          <p>
            If the contractor does not complete the work or respond within the agreed time, we refund you. If you disagree about the work, our team mediates and
            decides: release, refund, or a fair split.
          </p>
          <Link to="/promise">Read the full promise</Link>
        </div>
        <div className="el-card">
          <h3>For contractors, the same promise works the other way</h3>
          <p>
            The owner's money is already in escrow before you start a milestone, so you know the funds exist. Payment goes to you and your subcontractors
            directly, each their agreed share.
          </p>
        </div>
      </div>
    </section>
  );
}

export const ESCROW_STEPS = [
  {
    title: 'Define the milestones',
    text: 'Owner and contractor agree on each milestone: what done means, what it costs and who gets paid — down to each subcontractor.',
  },
  { title: 'The owner deposits', text: 'The owner funds a milestone by ACH. The money sits in escrow, visible to both sides, before the work starts.' },
  { title: 'Both approve completion', text: 'When the work is done, both sides mark the milestone complete. Nobody can take the money alone.' },
  { title: 'Funds are released', text: 'We pay every payee their share at once. If the contractor fails to finish, the owner is refunded.' },
];

export function EscrowSteps() {
  return (
    <section className="el-section" aria-labelledby="escrow-steps">
      <div className="el-container">
        <h2 id="escrow-steps">How escrow works</h2>
        <ol className="el-steps el-grid el-grid--4">
          {ESCROW_STEPS.map((step) => (
            <li key={step.title}>
              <h3>{step.title}</h3>
              <p className="el-muted">{step.text}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}

export function JoinCallToAction() {
  return (
    <section className="el-section el-section--tint" aria-labelledby="join-cta">
      <div className="el-container el-cta">
        <div>
          <h2 id="join-cta">Are you a contractor?</h2>
          <p className="el-muted" style={{ margin: 0 }}>
            Join our member network: owners find you here, and they trust you sooner when their money is protected.
          </p>
        </div>
        <LightButtonLink variant="primary" size="large" to="/join">
          Join Us
        </LightButtonLink>
      </div>
    </section>
  );
}
