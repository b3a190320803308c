export { billingEntities } from './billing.entity';
export { BillingProjector } from './billing.projector';
export { CreateBillingReadModels1763803838100, PayApplicationsPeriodFigures1763804300000 } from './migrations';
