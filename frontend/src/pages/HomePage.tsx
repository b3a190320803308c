import { LightButtonLink } from '../components/LightButton';
import { ContractorSearchForm } from '../features/directory/components/ContractorSearchForm';
import { EscrowSteps, JoinCallToAction, PromiseSummary, TrustSeals } from '../features/marketing/components/MarketingBlocks';

/** Home (docs/product.md#public-pages): hero, trust seals, promise summary, escrow steps, join call-to-action, contractor search. */
export function HomePage() {
  return (
    <>
      <section className="el-hero">
        <div className="el-container">
          <h1>Pay for your building project one finished milestone at a time.</h1>
          <p>
            Escrow Ledger holds your project funds and releases them to your contractor only when you both agree each milestone is done. No more paying up front
            and hoping.
          </p>
          <div className="el-hero__actions">
            <LightButtonLink variant="primary" size="large" to="/new">
              Start a project
            </LightButtonLink>
            <LightButtonLink size="large" to="/escrow">
              How escrow works
            </LightButtonLink>
          </div>
        </div>
      </section>
      <TrustSeals />
      <PromiseSummary />
      <EscrowSteps />
      <JoinCallToAction />
      <section className="el-section" aria-labelledby="find-contractor">
        <div className="el-container">
          <h2 id="find-contractor">Find a member contractor</h2>
          <p className="el-muted">Search our members by state and trade. Every one of them works with milestone escrow.</p>
          <ContractorSearchForm />
        </div>
      </section>
    </>
  );
}
