export { DisputesModule } from './disputes.module';
