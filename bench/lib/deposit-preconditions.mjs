// What a deposit needs before it can succeed, done through the API as the buyer and the seller
// do it in the portal: the buyer's deposit account linked (a buyer's own debit account is usable
// at once), and each waiting project's agreement, as it reads now (listing its agreed
// milestones), signed by both parties. Without these every deposit the bench sent was refused
// (409: the agreement changed since it was signed), and the deposit cells measured refusals.

/** Requests in flight while signing: enough to be quick, few enough not to swamp the API. */
const CONCURRENCY = 8;

async function inParallel(items, work) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(CONCURRENCY, items.length) }, async () => {
      while (next < items.length) await work(items[next++]);
    }),
  );
}

const legalName = (user) => `${user.first_name} ${user.last_name}`;

/**
 * `buyer` and `seller`: sessions of bench/lib/api-session.mjs; `projects`: the ids of the
 * projects whose milestones wait for a deposit. Resolves once every agreement is signed by both.
 */
export async function prepareDeposits({ buyer, seller, projects, log = () => undefined }) {
  const started = Date.now();
  await buyer.ensureSteppedUp(60);
  await buyer.must('POST', '/api/bank-accounts', {
    purpose: 'deposit',
    holder_name: legalName(buyer.user),
    bank_name: 'Sandbox Bank',
    // A routing number with a valid ABA checksum (the sandbox provider's test bank).
    routing_number: '011000015',
    account_number: '000123456789',
  });
  await inParallel(projects, async (projectId) => {
    // Each signs the text they read; the second signature does not change the text.
    for (const [session, party] of [
      [buyer, 'customer'],
      [seller, 'company'],
    ]) {
      const agreement = await session.must('GET', `/api/job/${projectId}/agreement`);
      await session.must('POST', `/api/job/${projectId}/agreement/sign`, {
        signer_type: party,
        signed_name: legalName(session.user),
        agreement_hash: agreement.agreement_hash,
      });
    }
  });
  log(`deposit account linked and ${projects.length} agreements signed by both parties in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
