// The certifier invitation's landing (issue 38): its public surface for pages.
export { CertifierInvitationLanding } from './components/CertifierInvitationLanding';
