// The agreements feature's public surface: reading and signing a project's escrow agreement, and
// the signed agreement to print. Who still has to sign is shared (api/agreement.ts): the milestone
// card asks it too.
export { AgreementSigning } from './components/AgreementSigning';
export { SignedAgreementDocument } from './components/SignedAgreementDocument';
