export { CheckReadiness } from './check-readiness/check-readiness.query';
export { OperationsModule } from './operations.module';
