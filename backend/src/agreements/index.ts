export { AgreementsModule } from './agreements.module';
export { agreementsSchema } from './agreements.schema';
export { AgreementsService } from './agreements.service';
