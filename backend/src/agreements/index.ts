export { agreementHash, contractNameOf } from './agreement-text';
export { AgreementsModule } from './agreements.module';
export { AgreementsService } from './agreements.service';
