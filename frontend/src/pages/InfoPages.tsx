import '../features/marketing/components/marketing.css';

import { Link } from 'react-router-dom';

import { space } from '../design/tokens';
import { ESCROW_STEPS } from '../features/marketing/components/MarketingBlocks';

export function PromisePage() {
  return (
    <div className="el-page el-container el-prose">
      <h1>Our Promise</h1>
      <p>
        Building or renovating is one of the biggest purchases people make, and the payment is usually a leap of faith: a large deposit, then hoping the work
        matches the invoice. We replace the faith with escrow.
      </p>
      <h2>To owners</h2>
      <ul>
        <li>Your money is held by us, not by the contractor, until the milestone it pays for is done.</li>
        <li>Nothing is released unless you mark the milestone complete yourself.</li>
        <li>If the contractor does not complete the work or respond within the predetermined time, we refund you.</li>
        <li>If you disagree about the work, our team mediates and resolves it: release, refund or a split, decided on the record.</li>
      </ul>
      <h2>To contractors</h2>
      <ul>
        <li>The owner's deposit is in escrow before you start, so you know the money exists.</li>
        <li>Once both sides mark a milestone complete, we pay you and each of your subcontractors their agreed share.</li>
        <li>Every approval, deposit and payment is recorded on a ledger both sides can see.</li>
      </ul>
      <p>
        <Link to="/escrow">See how escrow works step by step</Link>.
      </p>
    </div>
  );
}

export function EscrowPage() {
  return (
    <div className="el-page el-container el-prose">
      <h1>Escrow Services</h1>
      <p>Milestones are defined, the owner deposits, funds are released on approval, and the owner is refunded if the contractor fails to complete.</p>
      <ol className="el-steps" style={{ display: 'grid', gap: space.lg, marginTop: space.lg }}>
        {ESCROW_STEPS.map((step) => (
          <li key={step.title}>
            <h3>{step.title}</h3>
            <p>{step.text}</p>
          </li>
        ))}
      </ol>
      <h2>Milestones and versions</h2>
      <p>
        Either side can propose a milestone or an edit to one. Each party approves or rejects each version; once both approve the same version, it becomes the
        approved milestone. Once funded, a milestone is locked and its terms cannot change.
      </p>
      <h2>Deposits</h2>
      <p>
        Deposits are ACH transfers from the owner's bank account and can take up to 5 business days to settle. You can follow each deposit's status on the
        milestone.
      </p>
      <h2>Paying subcontractors</h2>
      <p>
        A milestone can pay several companies: fixed amounts, percentages of the milestone, or the remainder. Each payee receives their share directly when the
        milestone is released.
      </p>
    </div>
  );
}

export function PricingPage() {
  return (
    <div className="el-page el-container">
      <h1>Pricing</h1>
      <p className="el-muted el-prose">Simple, visible fees. Every charge appears on the project's ledger.</p>
      <div className="el-grid el-grid--3" style={{ marginTop: space.lg }}>
        <section className="el-card" aria-labelledby="price-owner">
          <h2 id="price-owner">Project fee</h2>
          <p className="el-price">
            2.25% <small>of project cost</small>
          </p>
          <p>
            Paid by the owner with each milestone deposit. A contractor can choose to include the fee in their price instead; the fee is then taken from their
            payout.
          </p>
        </section>
        <section className="el-card" aria-labelledby="price-sub">
          <h2 id="price-sub">Subcontractor membership</h2>
          <p className="el-price">
            $150 <small>per month</small>
          </p>
          <p>Get paid your share of each milestone directly, listed in our contractor directory.</p>
        </section>
        <section className="el-card" aria-labelledby="price-gc">
          <h2 id="price-gc">General contractor membership</h2>
          <p className="el-price">
            $250 <small>per month</small>
          </p>
          <p>Start projects with owners, split milestones among your subcontractors, and be listed in our directory.</p>
        </section>
      </div>
      <p style={{ marginTop: space.lg }}>
        Both memberships start with a free trial: call us to set it up, or <Link to="/contact">send us a message</Link> and we will call you.
      </p>
    </div>
  );
}

export function PrivacyPage() {
  return (
    <div className="el-page el-container el-prose">
      <h1>Privacy Policy</h1>
      <p>This policy explains what we collect, why, and what you can ask us to do with it.</p>
      <h2>What we collect</h2>
      <p>
        Your name, email address and phone number; for contractors, the company's address, license and insurance details; for payments, the last four digits of
        bank accounts (the full numbers stay with our payment provider).
      </p>
      <h2>Why</h2>
      <p>
        To run your projects: identify the parties, move money into and out of escrow, send you notices about approvals, deposits and payments, and keep the
        records the law requires for money we hold.
      </p>
      <h2>The ledger</h2>
      <p>
        Every approval, deposit and payment is kept as a permanent record that refers to people by account number only. Your personal details live separately,
        so deleting your account removes them while the payment records stay intact, as required.
      </p>
      <h2>Your choices</h2>
      <p>
        You can ask for a copy of your data or for your account to be deleted. Use the <Link to="/delete-my-account">account deletion request</Link>; deletion
        takes up to 5 business days.
      </p>
      <h2>Sharing</h2>
      <p>We share payment details with our payment provider to move money, and the details of a project with its other party. We do not sell your data.</p>
    </div>
  );
}

export function EmailPage() {
  return (
    <div className="el-page el-container el-prose">
      <h1>Check your email</h1>
      <p>We have sent you an email. Open it and follow the link to continue — it may take a minute to arrive; check your spam folder if it does not.</p>
      <p>Links for resetting a password work once and expire after an hour; invitation links work for two weeks.</p>
      <p>
        <Link to="/">Back to the home page</Link>
      </p>
    </div>
  );
}

export function NotFoundPage() {
  return (
    <div className="el-page el-container el-prose">
      <h1>Page not found</h1>
      <p>
        We could not find that page. <Link to="/">Go to the home page</Link>.
      </p>
    </div>
  );
}
