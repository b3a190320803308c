export { billingEntities } from './billing.entity';
export { BillingProjector } from './billing.projector';
export { CreateBillingReadModels1763803838100 } from './migrations';
