export { AdminModule } from './admin.module';
export { AppointFirstOwner, type FirstOwnerLink } from './appoint-first-owner/appoint-first-owner.command';
