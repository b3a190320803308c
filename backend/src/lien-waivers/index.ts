export { BillingWaiverDocuments } from './billing-waiver-documents';
export { LienWaiverDocuments } from './lien-waiver-documents';
export { LienWaiversModule } from './lien-waivers.module';
export { lienWaiversSchema } from './lien-waivers.schema';
