export { OperationsModule } from './operations.module';
