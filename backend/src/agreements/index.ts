export { AgreementsModule } from './agreements.module';
export { AgreementsService } from './agreements.service';
export { agreementText, agreementHash, contractNameOf } from './agreement-text';
