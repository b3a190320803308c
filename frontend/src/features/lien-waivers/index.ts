// The lien-waivers feature's public surface: a payee company's waivers and a waiver to print.
// Signing one (components/SignWaiverDialog, api/waivers.ts) stays shared: the milestone card
// signs from its waivers panel too.
export { CompanyWaivers } from './components/CompanyWaivers';
export { WaiverDocument } from './components/WaiverDocument';
