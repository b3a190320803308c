#!/usr/bin/env node
// One-shot, re-runnable: points the citations of the product spec and the design by section
// number (documents outside the repository) at the pages of docs/ that now hold those rules, and
// mends citations of docs pages that never existed. Issue 36, point 5.
//
// The table names, file by file, a piece of text as it stood and what it becomes; the meaning of
// each comment chose its anchor, not its section number. Run it again after merging branches
// that were written before it: a piece already rewritten is skipped, one whose text changed
// meanwhile is listed (rewrite it by hand), and `node scripts/check-doc-links.mjs` then finds
// anything left. Files it changes are formatted with Prettier.
//
// Usage: node scripts/rewrite-citations.mjs [--dry-run]
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const dryRun = process.argv.includes('--dry-run');

const P = 'docs/product.md#';
const D = 'docs/design.md#';
const NO_PII = `${D}no-personal-data-in-events`;

/** [file, text as it stood, what it becomes]: every occurrence in the file is rewritten. */
const TABLE = [
  ['.dependency-cruiser.cjs', 'Boundaries of design §1', `Boundaries of ${D}shape-and-dependencies`],
  ['README.md', 'claim the deadline refund (§9)', `claim the deadline refund (\`${P}deadline-refund\`)`],
  ['README.md', '(`docs/money.md`, "Bank accounts")', '(`docs/payments.md#the-payout-account-hold`)'],

  // backend
  [
    'backend/src/audit/audit-export.e2e.spec.ts',
    "// Design §2: no personal data in events' copies either.",
    `// No personal data in events' copies either (${NO_PII}).`,
  ],
  ['backend/src/command-side/appended-positions.ts', '(design §4, read your writes)', `(${D}read-your-writes)`],
  ['backend/src/command-side/event-streams.ts', 'its pure half (design §2)', `its pure half (${D}streams)`],
  ['backend/src/command-side/read-your-writes.ts', 'Read your writes (design §4).', `Read your writes (${D}read-your-writes).`],
  ['backend/src/directory/buyers.ts', 'shows it (spec §2, §5)', `shows it (${P}new-project-screen)`],
  [
    'backend/src/directory/companies.repository.ts',
    "The entity in the API's words (spec §2 field names).",
    `The entity in the API's words (the field names of ${P}company).`,
  ],
  ['backend/src/directory/companies.repository.ts', 'sorted by name (spec §9)', `sorted by name (${P}sorting)`],
  ['backend/src/directory/create-buyer/create-buyer.http.controller.ts', 'new-project screen (spec §2, §5)', `new-project screen (${P}new-buyer-form)`],
  ['backend/src/directory/directory.e2e.spec.ts', "'applies the buyer rules of §5'", `'applies the buyer rules of ${P}new-buyer-form'`],
  ['backend/src/directory/find-buyers-by-phone/find-buyers-by-phone.query.ts', 'all 10 digits (spec §5)', `all 10 digits (${P}buyer-phone-search)`],
  ['backend/src/directory/get-company/get-company.query.ts', 'public profile (spec §2)', `public profile (${P}company-profile)`],
  ['backend/src/directory/search-companies-by-name/search-companies-by-name.query.ts', 'new-project screen (spec §7)', `new-project screen (${P}api-calls)`],
  ['backend/src/directory/search-companies/search-companies.http.controller.ts', '(spec §2 contractor list)', `(${P}contractor-list)`],
  ['backend/src/directory/search-companies/search-companies.query.ts', 'sorted by name (spec §9)', `sorted by name (${P}sorting)`],
  ['backend/src/event-store/upcasting.int.spec.ts', 'event store port (design §2)', `event store port (${D}event-names-and-versions)`],
  ['backend/src/http/cookies.ts', 'X-XSRF-TOKEN (spec §6)', `X-XSRF-TOKEN (${D}sessions-and-csrf)`],
  ['backend/src/identity/access.decorators.ts', 'every listed check of spec §6', `every listed check of ${P}access-checks`],
  ['backend/src/identity/auth.e2e.spec.ts', 'with the text of spec §8', `with the text of ${P}error-texts`],
  ['backend/src/identity/check-reset-link/check-reset-link.query.ts', 'checks a reset link (spec §4)', `checks a reset link (${P}password-reset)`],
  ['backend/src/identity/get-current-user/get-current-user.query.ts', '(spec §6: "user_id above 0"', `(${P}access-checks: "user_id above 0"`],
  ['backend/src/identity/log-in/log-in.handler.ts', '(spec §8)', `(${P}error-texts)`],
  ['backend/src/identity/one-time-codes.ts', 'used or expired (spec §4)', `used or expired (${P}password-reset)`],
  ['backend/src/identity/phone.ts', 'the format the screens show (spec §5)', `the format the screens show (${P}new-buyer-form)`],
  [
    'backend/src/identity/remove-reset-codes/remove-reset-codes.command.ts',
    "(the last step of spec §4's reset flow)",
    `(the last step of the reset flow, ${P}password-reset)`,
  ],
  ['backend/src/identity/request-password-reset/request-password-reset.command.ts', 'the failure text of spec §8.', `the failure text of ${P}error-texts.`],
  ['backend/src/identity/session-ref.ts', 'who changed something (design §7)', `who changed something (${D}changes-to-who-may-act-are-events)`],
  ['backend/src/identity/session-user.ts', 'The access checks of spec §6', `The access checks of ${P}access-checks`],
  [
    'backend/src/milestones/claim-deadline-refund/claim-deadline-refund.command.ts',
    'the promise of spec §1, the buyer',
    `the promise of ${P}deadline-refund, the buyer`,
  ],
  ['backend/src/milestones/decide-on-version/decide-on-version.command.ts', 'one version (spec §4)', `one version (${P}approval-and-funding)`],
  [
    'backend/src/milestones/escrow-guarantees.e2e.spec.ts',
    "'exact splits and fees (spec §9, docs/money.md)'",
    "'exact splits and fees (docs/money.md#the-rules)'",
  ],
  ['backend/src/milestones/escrow-guarantees.e2e.spec.ts', 'takes the fee as §9 says', 'takes the fee as docs/money.md#the-rules says'],
  ['backend/src/milestones/escrow-life.e2e.spec.ts', "'the response deadline (spec §1: refunded", `'the response deadline (${P}deadline-refund: refunded`],
  ['backend/src/milestones/get-job-milestones/get-job-milestones.query.ts', 'as its card shows it (spec §3)', `as its card shows it (${P}milestone-fields)`],
  ['backend/src/milestones/get-milestone-deposits/get-milestone-deposits.query.ts', '(spec §3 Deposit)', `(${P}deposit)`],
  ['backend/src/milestones/get-milestone-payees/get-milestone-payees.query.ts', '(spec §3 Payee)', `(${P}payee)`],
  ['backend/src/milestones/milestone.view.ts', 'every field of spec §3 (the', `every field of ${P}milestone-fields (the`],
  ['backend/src/milestones/milestone.view.ts', 'else the original (spec §4)', `else the original (${P}milestone-version-labels)`],
  ['backend/src/milestones/milestone.view.ts', 'besides the fields of §3.', `besides the fields of ${P}milestone-fields.`],
  ['backend/src/milestones/milestone.view.ts', 'POST /api/milestone/deposit answer it (spec §3)', `POST /api/milestone/deposit answer it (${P}deposit)`],
  ['backend/src/milestones/milestone.view.ts', '(spec §3 Payee)', `(${P}payee)`],
  ['backend/src/milestones/milestones.module.ts', 'The milestone routes of spec §7', `The milestone routes of ${P}api-calls`],
  ['backend/src/milestones/propose-milestone/propose-milestone.http.controller.ts', '(spec §7 POST /api/milestone)', `(POST /api/milestone in ${P}api-calls)`],
  ['backend/src/payments/bank-accounts/bank-account-personal-data.ts', '(design §2)', `(${NO_PII})`],
  ['backend/src/payments/bank-accounts/legacy-bank-accounts.import.ts', '(design §2)', `(${NO_PII})`],
  ['backend/src/payments/infrastructure/bank-account-personal-data.entity.ts', '(design §2)', `(${NO_PII})`],
  ['backend/src/payments/payments.migrations.ts', '(design §2)', `(${NO_PII})`],
  ['backend/src/payments/payments.migrations.ts', 'see docs/payments.md for', 'see docs/payments.md#the-old-bank_accounts-table for'],
  ['backend/src/payments/sandbox-ach.provider.ts', '$0.32 and $0.45 (docs/payments.md)', '$0.32 and $0.45 (docs/payments.md#the-sandbox-provider)'],
  [
    'backend/src/payments/bank-accounts/bank-accounts.http.controller.ts',
    'holds payouts (docs/payments.md).',
    'holds payouts (docs/payments.md#the-payout-account-hold).',
  ],
  ['backend/src/projects/create-draft/create-draft.command.ts', 'once the buyer is set (spec §4)', `once the buyer is set (${P}project-draft-and-submit)`],
  ['backend/src/projects/get-new-project-form/get-new-project-form.query.ts', 'knows already (spec §7)', `knows already (${P}api-calls)`],
  [
    'backend/src/projects/get-new-project-form/get-new-project-form.query.ts',
    '(spec §4: the next step waits',
    `(${P}project-draft-and-submit: the next step waits`,
  ],
  ['backend/src/projects/project-requests.dto.ts', '(spec §3 "Project (job) creation state")', `(${P}project-creation-state)`],
  ['backend/src/projects/projects.module.ts', 'The new-project flow of spec §2/§4/§7', `The new-project flow (${P}new-project-screen)`],
  ['backend/src/projects/submit-project/submit-project.command.ts', 'the final submit (spec §4)', `the final submit (${P}project-draft-and-submit)`],
  ['backend/src/projects/update-draft/update-draft.http.controller.ts', 'primary and state (spec §7)', `primary and state (${P}api-calls)`],
  ['backend/src/seed/demo-bank-accounts.ts', '(design §2)', `(${NO_PII})`],
  ['backend/test/security/route-matrix.test-kit.ts', 'kinds of user needs it (spec §2)', `kinds of user needs it (${P}new-project-screen)`],
  ['backend/test/security/route-matrix.test-kit.ts', 'the escrow rule of spec §6', `the escrow rule of ${P}who-does-what-on-a-milestone`],
  ['backend/test/security/route-matrix.test-kit.ts', 'the promise speaks of (spec §1)', `the promise speaks of (${P}deadline-refund)`],

  // docs (links relative to the page)
  ['docs/administrators.md', '`@StepUp()` (design §7).', '`@StepUp()` ([design](design.md#second-factors-and-step-up)).'],
  ['docs/architecture.md', 'on the wire of spec §7:', 'on the wire ([API calls](product.md#api-calls)):'],
  ['docs/architecture.md', 'in the wire fields of §3/§7', 'in the wire fields ([records](product.md#records-and-their-fields))'],
  ['docs/architecture.md', 'on the wire (§3)', 'on the wire ([payee](product.md#payee))'],
  ['docs/frontend.md', 'timers (spec §9), use-media-query', 'timers (docs/product.md#timers), use-media-query'],
  ['docs/frontend.md', '`Network Error`, …, spec §8).', '`Network Error`, …, [error texts](product.md#error-texts)).'],
  ['docs/frontend.md', 'lists every route of spec §2.', 'lists every route of [the product](product.md#screens-and-routes).'],
  ['docs/frontend.md', 'gives up after 120 s (spec §9)', 'gives up after 120 s ([timers](product.md#timers))'],
  ['docs/frontend.md', '**Access** (spec §6):', '**Access** ([access checks](product.md#access-checks)):'],
  ['docs/frontend.md', 'admin) as §6 says', 'admin) as [failed checks](product.md#failed-checks) says'],
  ['docs/frontend.md', 'for the §9 timers)', 'for the [timers](product.md#timers))'],
  ['docs/frontend.md', '**Breakpoints** (spec §9):', '**Breakpoints** ([layout](product.md#layout)):'],
  ['docs/frontend.md', '## The milestone card (spec §2, §4)', '## The milestone card'],
  ['docs/frontend.md', 'included (§4), so Your Actions', 'included ([approval](product.md#approval-and-funding)), so Your Actions'],
  ['docs/frontend.md', '(§4: not locked and the current version', '([editing](product.md#editing-and-edit-history): not locked and the current version'],
  [
    'docs/money.md',
    '## The rules (spec §9, design §5)\n',
    '## The rules\n\nThe fee rules of [the product](product.md#fees) and [the money decisions](design.md#money), to the cent:\n',
  ],
  ['docs/operations.md', 'personal data that design §2\nkeeps out', 'personal data that\n[design.md](design.md#no-personal-data-in-events) keeps out'],
  ['docs/operations.md', '(docs/architecture.md, "the price")', '(docs/architecture.md#postgresql-default, the price)'],
  ['docs/performance.md', 'docs/frontend.md, "Performance")', 'docs/frontend.md#conventions, Weight)'],
  ['docs/reliability.md', 'Fees and splits exactly as §9:', 'Fees and splits exactly as [money.md](money.md#the-rules):'],
  ['docs/reliability.md', 'the texts of spec §8', 'the texts of [the product](product.md#error-texts)'],
  ['docs/reliability.md', 'screen of spec §2 needs it', 'screen ([product.md](product.md#new-project-screen)) needs it'],

  // domain (the API contract's comments are copied into api.schema.ts by scripts/api-schema.mjs)
  ['domain/src/administrators/events.ts', '(design §7: a change deciding who may act is an event)', `(${D}changes-to-who-may-act-are-events)`],
  ['domain/src/api/answers.ts', '(spec §6: ', `(${P}access-checks: `],
  ['domain/src/api/api.schema.ts', '(spec §6: ', `(${P}access-checks: `],
  ['domain/src/api/api.schema.ts', 'spec §3 Payee)', `${P}payee)`],
  ['domain/src/api/api.schema.ts', 'business days (spec §9).', `business days (${P}durations).`],
  ['domain/src/api/api.schema.ts', 'The user object of spec §3', `The user object of ${P}user`],
  ['domain/src/api/bank-accounts.ts', 'business days (spec §9).', `business days (${P}durations).`],
  ['domain/src/api/identity.ts', 'The user object of spec §3', `The user object of ${P}user`],
  ['domain/src/api/identity.ts', 'The access checks of spec §6', `The access checks of ${P}access-checks`],
  ['domain/src/api/milestones.ts', 'spec §3 Payee)', `${P}payee)`],
  ['domain/src/bank-accounts/bank-accounts.decider.spec.ts', '(design §2)', `(${NO_PII})`],
  ['domain/src/bank-accounts/events.ts', '(design §2)', `(${NO_PII})`],
  ['domain/src/bank-accounts/events.ts', '(design §7)', `(${D}changes-to-who-may-act-are-events)`],
  ['domain/src/bank-accounts/upcasters.ts', '(design §2 forbids it)', `(${NO_PII} forbids it)`],
  ['domain/src/event-store/upcasting.ts', 'on read (design §2:', `on read (${D}event-names-and-versions:`],
  ['domain/src/lien-waivers/states.ts', '(spec §2: AZ, ID, NV, UT)', `(${P}contractor-list: AZ, ID, NV, UT)`],
  ['domain/src/lien-waivers/lien-waiver.text.ts', 'relied on (docs/lien-waivers.md)', 'relied on (docs/construction-payments.md)'],
  ['domain/src/bank-accounts/payout-destination.ts', '(docs/payments-sandbox.md)', '(docs/payments.md#the-sandbox-provider)'],
  ['domain/src/milestones/milestone.decide.deposits.ts', '(design §6: ACH settles', `(${D}milestone-lifecycle: ACH settles`],
  ['domain/src/milestones/milestone.decide.proposals.ts', '(spec §4)', `(${P}approval-and-funding)`],
  ['domain/src/milestones/milestone.decider.spec.ts', "'approving and rejecting (spec §4)'", `'approving and rejecting (${P}approval-and-funding)'`],
  ['domain/src/milestones/milestone.decider.spec.ts', 'exactly as spec §4', `exactly as ${P}milestone-version-labels`],
  ['domain/src/milestones/milestone.decider.spec.ts', "'editing (spec §4, §6)'", `'editing (${P}editing-and-edit-history)'`],
  ['domain/src/milestones/milestone.decider.spec.ts', "'deposits (spec §4, §6)'", `'deposits (${P}approval-and-funding)'`],
  ['domain/src/milestones/milestone.decider.ts', '(spec §4, §6; design §6)', `(${P}milestone-lifecycle, ${D}milestone-lifecycle)`],
  ['domain/src/milestones/milestone.decisions.spec.ts', '(spec §4: each party', `(${P}approval-and-funding: each party`],
  ['domain/src/milestones/milestone.decisions.ts', '(spec §4: each party', `(${P}approval-and-funding: each party`],
  [
    'domain/src/milestones/milestone.labels.ts',
    'The seven version labels of spec §4, exactly.',
    `The seven version labels of ${P}milestone-version-labels, exactly.`,
  ],
  ['domain/src/milestones/milestone.labels.ts', 'milestone card shows (spec §2, §4)', `milestone card shows (${P}milestone-version-labels)`],
  [
    'domain/src/milestones/milestone.labels.ts',
    '/** Spec §4: edits are offered on an unlocked current version or an original without a current edit. */',
    `/** Edits are offered on an unlocked current version or an original without a current edit (${P}editing-and-edit-history). */`,
  ],
  [
    'domain/src/milestones/milestone.labels.ts',
    '/** Spec §4: edit history shows on the current version or an original without a current edit, when there are edits. */',
    `/** Edit history shows on the current version or an original without a current edit, when there are edits (${P}editing-and-edit-history). */`,
  ],
  ['domain/src/milestones/milestone.labels.ts', 'The status colour mapping of spec §9.', `The status colour mapping of ${P}status-colours.`],
  ['domain/src/milestones/milestone.labels.ts', 'in the vocabulary the §9 colours know', `in the vocabulary the colours of ${P}status-colours know`],
  ['domain/src/money/fees.spec.ts', "'milestone money (spec §9, design §5)'", "'milestone money (docs/money.md#the-rules)'"],
  ['domain/src/money/fees.ts', '(spec §7 POST /api/milestone)', `(POST /api/milestone in ${P}api-calls)`],
  ['domain/src/money/fees.ts', 'spec §9', `${P}fees`],
  ['domain/src/money/money.ts', '(dollars, two decimals, spec §9)', `(dollars, two decimals: ${P}amounts-and-defaults)`],
  ['domain/src/projects/agreement.text.ts', "(§1's promise)", `(the promise of ${P}deadline-refund)`],
  ['domain/src/projects/events.ts', 'no longer a draft (spec §4)', `no longer a draft (${P}project-draft-and-submit)`],
  ['domain/src/projects/project.decider.ts', 'Who starts a project (spec §6)', `Who starts a project (${P}who-starts-a-project)`],

  // frontend
  ['frontend/e2e/admin-console.spec.ts', 'goes home (spec §6)', `goes home (${P}failed-checks)`],
  ['frontend/e2e/admin-screens.spec.ts', '(spec §2: paths with signed/)', `(${P}header-and-footer: paths with signed/)`],
  ['frontend/e2e/login-wall.spec.ts', 'logged out as §6 says', `logged out as ${P}failed-checks says`],
  ['frontend/e2e/milestone-negotiation.spec.ts', 'every version label of §4', `every version label of ${P}milestone-version-labels`],
  ['frontend/e2e/milestone-negotiation.spec.ts', 'of the original (§4)', `of the original (${P}approval-and-funding)`],
  ['frontend/e2e/milestone-negotiation.spec.ts', 'no more edits (§4).', `no more edits (${P}milestone-lifecycle).`],
  ['frontend/e2e/payout-accounts.spec.ts', '(docs/payments-sandbox.md)', '(docs/payments.md#the-sandbox-provider)'],
  ['frontend/e2e/public-site.spec.ts', 'the links of spec §2', `the links of ${P}header-and-footer`],
  ['frontend/src/api/current-user.ts', 'The user object of spec §3', `The user object of ${P}user`],
  [
    'frontend/src/api/services.ts',
    '// Spec §9: services sorted by service_name (the API sorts too;',
    `// Services sorted by service_name, ${P}sorting (the API sorts too;`,
  ],
  ['frontend/src/app/RouteError.tsx', '(spec §9: 120 s time-out)', `(${P}timers: 120 s time-out)`],
  ['frontend/src/app/layout/Footer.tsx', 'Footer columns of spec §2:', `Footer columns of ${P}header-and-footer:`],
  ['frontend/src/app/layout/RootLayout.tsx', 'containing "signed/" (spec §2)', `containing "signed/" (${P}header-and-footer)`],
  ['frontend/src/app/login-wall.test.tsx', "'the login wall (spec §6)'", `'the login wall (${P}failed-checks)'`],
  ['frontend/src/app/router.tsx', 'the chunk time-out of spec §9', `the chunk time-out of ${P}timers`],
  ['frontend/src/app/router.tsx', 'Every route of spec §2.', `Every route of ${P}screens-and-routes.`],
  ['frontend/src/components/LightTag.tsx', 'the dark grey of spec §9\'s "dark" status.', `the dark grey of the "dark" status (${P}status-colours).`],
  ['frontend/src/components/forms/PersonFields.tsx', 'spec §5 disables its button instead', `${P}new-buyer-form disables its button instead`],
  [
    'frontend/src/features/account/__tests__/deletion-request.test.tsx',
    "'DeletionRequestForm (spec §4, §5, §8)'",
    `'DeletionRequestForm (${P}deletion-request)'`,
  ],
  ['frontend/src/features/account/components/DeletionRequestForm.tsx', 'success or error (spec §4)', `success or error (${P}deletion-request)`],
  ['frontend/src/features/account/components/DeletionRequestForm.tsx', 'about 2 s (spec §5)', `about 2 s (${P}deletion-request-email)`],
  [
    'frontend/src/features/admin/components/LedgerTable.tsx',
    'double-entry ledger means (design §5)',
    'double-entry ledger means (docs/money.md#where-money-moves)',
  ],
  ['frontend/src/features/admin/components/format.ts', 'capitalised (spec §4)', `capitalised (${P}approval-and-funding)`],
  ['frontend/src/features/auth/__tests__/access.test.ts', 'access checks of spec §6', `access checks of ${P}access-checks`],
  ['frontend/src/features/auth/__tests__/access.test.ts', 'by role (spec §2)', `by role (${P}header-and-footer)`],
  ['frontend/src/features/auth/__tests__/access.test.ts', 'while typing (spec §5)', `while typing (${P}new-buyer-form)`],
  ['frontend/src/features/auth/__tests__/login-form.test.tsx', "'LoginForm (spec §4, §5, §8)'", `'LoginForm (${P}logging-in)'`],
  ['frontend/src/features/auth/__tests__/password-flows.test.tsx', "'ForgotPasswordForm (spec §4, §5, §8)'", `'ForgotPasswordForm (${P}forgot-password)'`],
  ['frontend/src/features/auth/__tests__/password-flows.test.tsx', "'ResetPasswordForm (spec §4)'", `'ResetPasswordForm (${P}password-reset)'`],
  ['frontend/src/features/auth/access.ts', 'The access checks of spec §6:', `The access checks of ${P}access-checks:`],
  ['frontend/src/features/auth/access.ts', 'Where the Account link goes (spec §2)', `Where the Account link goes (${P}header-and-footer)`],
  ['frontend/src/features/auth/access.ts', 'After a failed check (spec §6)', `After a failed check (${P}failed-checks)`],
  ['frontend/src/features/auth/access.ts', '(spec §6 logs them out;', `(${P}failed-checks logs them out;`],
  ['frontend/src/features/auth/access.ts', 'otherwise their home (spec §4)', `otherwise their home (${P}logging-in)`],
  ['frontend/src/features/auth/api/login.ts', '(spec §4)', `(${P}logging-in)`],
  ['frontend/src/features/auth/components/ForgotPasswordForm.tsx', 'sent or error (spec §4)', `sent or error (${P}forgot-password)`],
  ['frontend/src/features/auth/components/ForgotPasswordForm.tsx', 'The failure text of spec §8', `The failure text of ${P}error-texts`],
  ['frontend/src/features/auth/components/LoginForm.tsx', '(spec §5)', `(${P}login-fields)`],
  ['frontend/src/features/auth/components/LoginForm.tsx', '(spec §8)', `(${P}error-texts)`],
  ['frontend/src/features/auth/components/LoginForm.tsx', '(spec §4)', `(${P}logging-in)`],
  ['frontend/src/features/auth/components/LoginModal.tsx', 'logged in (spec §4)', `logged in (${P}logging-in)`],
  ['frontend/src/features/auth/components/RequireAccess.tsx', 'every check of spec §6 passes', `every check of ${P}access-checks passes`],
  ['frontend/src/features/auth/components/ResetPasswordForm.tsx', 'checked first (spec §4)', `checked first (${P}password-reset)`],
  ['frontend/src/features/contact/components/ContactForm.tsx', 'on /contact (spec §2)', `on /contact (${P}public-pages)`],
  ['frontend/src/features/directory/api/directory.ts', "The contractor list's search (spec §4)", `The contractor list's search (${P}contractor-search)`],
  ['frontend/src/features/directory/components/CompanyCard.tsx', 'VIEW THEIR PROFILE button (spec §2)', `VIEW THEIR PROFILE button (${P}contractor-list)`],
  ['frontend/src/features/directory/components/ContractorSearchForm.tsx', 'and Search (spec §2)', `and Search (${P}contractor-list)`],
  ['frontend/src/features/milestones/__tests__/milestone-card.test.tsx', "'milestone card (spec §2, §4)'", `'milestone card (${P}milestone-card)'`],
  [
    'frontend/src/features/milestones/__tests__/milestone-card.test.tsx',
    'no Make Edit where §4 does not',
    `no Make Edit where ${P}editing-and-edit-history does not`,
  ],
  ['frontend/src/features/milestones/__tests__/milestone-form.test.tsx', "'milestone form (spec §2, §5)'", `'milestone form (${P}milestone-form)'`],
  ['frontend/src/features/milestones/components/EditHistory.tsx', 'tall and scrolls (spec §2).', `tall and scrolls (${P}milestone-card).`],
  ['frontend/src/features/milestones/components/EditMilestoneDialog.tsx', 'the milestone title (spec §2)', `the milestone title (${P}milestone-card)`],
  [
    'frontend/src/features/milestones/components/MilestoneCard.tsx',
    'A collapsible milestone card (spec §2)',
    `A collapsible milestone card (${P}milestone-card)`,
  ],
  [
    'frontend/src/features/milestones/components/MilestoneForm.tsx',
    '// Spec §5: greater than zero dollars;',
    `// Greater than zero dollars (${P}milestone-amounts-and-percentages);`,
  ],
  ['frontend/src/features/milestones/components/MilestoneForm.tsx', 'The milestone form of spec §2/§5:', `The milestone form of ${P}milestone-form:`],
  [
    'frontend/src/features/milestones/components/MilestoneForm.tsx',
    "// spec §5: no submit when the browser's check fails",
    `// no submit when the browser's check fails (${P}milestone-amounts-and-percentages)`,
  ],
  ['frontend/src/features/milestones/components/StatusBadge.tsx', "the colour of spec §9's mapping", `the colour ${P}status-colours gives it`],
  ['frontend/src/features/milestones/components/VersionDecision.tsx', '(spec §4: each party', `(${P}approval-and-funding: each party`],
  [
    'frontend/src/features/milestones/components/YourActions.tsx',
    'The Your Actions panel (spec §2, §4, §6)',
    `The Your Actions panel (${P}who-does-what-on-a-milestone)`,
  ],
  ['frontend/src/features/milestones/components/deposit.ts', '(spec §9 and the return window in force)', `(${P}durations and the return window in force)`],
  [
    'frontend/src/features/milestones/components/milestone-form.rules.ts',
    '/** Spec §5: a percentage ranges 0–100 and a value over 100 is clamped to 100. */',
    `/** A percentage ranges 0–100 and a value over 100 is clamped to 100 (${P}milestone-amounts-and-percentages). */`,
  ],
  ['frontend/src/features/milestones/components/milestone-form.rules.ts', "(spec §5's text)", `(the text of ${P}milestone-amounts-and-percentages)`],
  ['frontend/src/features/projects/__tests__/new-buyer.test.ts', 'the new-buyer rule of spec §5', `the new-buyer rule of ${P}new-buyer-form`],
  ['frontend/src/features/projects/api/new-project.ts', '(spec §3; job_id is', `(${P}project-creation-state; job_id is`],
  ['frontend/src/features/projects/api/new-project.ts', 'once the buyer is set (spec §4)', `once the buyer is set (${P}project-draft-and-submit)`],
  ['frontend/src/features/projects/components/ServiceStep.tsx', 'a new project (spec §2)', `a new project (${P}new-project-screen)`],
  ['frontend/src/features/projects/components/SubmitProject.tsx', 'Submit Project (spec §4)', `Submit Project (${P}project-draft-and-submit)`],
  [
    'frontend/src/features/projects/components/new-project.rules.ts',
    '/** Spec §5: the new-buyer form is valid when first, last and email are filled and the formatted phone is longer than 13 characters. */',
    `/** The new-buyer form is valid when first, last and email are filled and the formatted phone is longer than 13 characters (${P}new-buyer-form). */`,
  ],
  ['frontend/src/features/projects/hooks/use-project-draft.ts', '(spec §4)', `(${P}project-draft-and-submit)`],
  ['frontend/src/features/projects/hooks/use-project-draft.ts', '(spec §3: user_id when', `(${P}new-buyer: user_id when`],
  ['frontend/src/lib/api-client.ts', 'CSRF check wants (spec §7)', `CSRF check wants (${D}sessions-and-csrf)`],
  ['frontend/src/lib/business-days.ts', '5 business days (spec §9)', `5 business days (${P}durations)`],
  ['frontend/src/lib/format.ts', 'as the digits are typed (spec §5)', `as the digits are typed (${P}new-buyer-form)`],
  ['frontend/src/lib/format.ts', 'in lower case (spec §5)', `in lower case (${P}login-fields)`],
  ['frontend/src/lib/lazy-route.tsx', 'the 120 s time-out of spec §9', `the 120 s time-out of ${P}timers`],
  ['frontend/src/lib/read-your-writes.ts', 'Read your writes (design §4)', `Read your writes (${D}read-your-writes)`],
  ['frontend/src/lib/timers.ts', 'Timers of spec §9, in one place.', `Timers of ${P}timers, in one place.`],
  ['frontend/src/lib/use-timed-flag.ts', '(spec §9: alerts last 2000 ms)', `(${P}timers: alerts last 2000 ms)`],
  ['frontend/src/pages/CompaniesPage.tsx', 'The contractor list (spec §2, §4)', `The contractor list (${P}contractor-list)`],
  ['frontend/src/pages/CompanyPage.tsx', "A contractor's profile (spec §2)", `A contractor's profile (${P}company-profile)`],
  ['frontend/src/pages/FormPages.tsx', 'ALREADY A MEMBER (spec §2)', `ALREADY A MEMBER (${P}public-pages)`],
  ['frontend/src/pages/HomePage.tsx', 'Home (spec §2):', `Home (${P}public-pages):`],
  ['frontend/src/pages/LoginPage.tsx', '/login (spec §2):', `/login (${P}public-pages):`],
  ['frontend/src/pages/PortalPage.tsx', 'after creating a project (spec §2)', `after creating a project (${P}portal)`],
  ['frontend/src/pages/admin/AdminFrame.tsx', 'admins only (spec §6)', `admins only (${P}access-checks)`],
  ['frontend/src/pages/admin/DashboardPage.tsx', '(spec §2: the same screen)', `(${P}admin-console-routes: the same screen)`],
  ['frontend/src/pages/contractor-list.test.tsx', "'contractor list (spec §2, §4, §8)'", `'contractor list (${P}contractor-list)'`],
  ['frontend/src/pages/portal/NewProjectPage.tsx', '/portal/new-project/{type} (spec §2, §4)', `/portal/new-project/{type} (${P}new-project-screen)`],
  ['frontend/src/pages/portal/NewProjectPage.tsx', '(spec §6 checks)', `(${P}access-checks)`],
  ['frontend/src/pages/portal/PortalFrame.tsx', 'the access checks of spec §6', `the access checks of ${P}access-checks`],
  ['frontend/src/pages/portal/PortalShell.tsx', 'the access checks of spec §6', `the access checks of ${P}access-checks`],
  ['frontend/src/pages/portal/drafts.test.tsx', '(spec §4)', `(${P}project-draft-and-submit)`],
  ['frontend/src/styles/global.css', 'Breakpoints of spec §9:', `Breakpoints of ${P}layout:`],

  // projections
  ['projections/src/bank-accounts/migrations.ts', '(design §2)', `(${NO_PII})`],
  ['projections/src/integrity/audit-bundle.ts', '(design §2: no personal data', `(${NO_PII}: no personal data`],
  ['backend/src/observability/metrics/scrape-gauges.ts', '(docs/architecture.md, "the price")', '(docs/architecture.md#postgresql-default, the price)'],
  ['backend/src/operations/check-health/check-health.query.ts', '(docs/architecture.md, "the price")', '(docs/architecture.md#postgresql-default, the price)'],
];

const changed = new Set();
const stale = [];
let rewritten = 0;
let already = 0;
for (const [file, before, after] of TABLE) {
  const path = join(root, file);
  if (!existsSync(path)) {
    stale.push(`${file}: no such file`);
    continue;
  }
  const text = readFileSync(path, 'utf8');
  const count = text.split(before).length - 1;
  if (count === 0) {
    if (text.includes(after)) already++;
    else stale.push(`${file}: ${JSON.stringify(before)} is not there any more`);
    continue;
  }
  rewritten += count;
  if (!dryRun) writeFileSync(path, text.split(before).join(after));
  changed.add(file);
}

console.log(`${rewritten} citation(s) rewritten in ${changed.size} file(s); ${already} already rewritten.`);
if (stale.length > 0) console.log(`Not found (rewrite these by hand):\n  ${stale.join('\n  ')}`);
if (!dryRun && changed.size > 0) {
  // Markdown tables re-align around longer cells, and a longer test title may wrap its call.
  execFileSync('npx', ['prettier', '--write', '--log-level=warn', ...changed], { cwd: root, stdio: 'inherit' });
}
process.exitCode = stale.length > 0 ? 1 : 0;
