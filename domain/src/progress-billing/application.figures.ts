import type { ApplicationState } from './billing.state';
import { type PayApplicationFigures, payApplicationFigures } from './pay-application.figures';

/**
 * A pay application's G703 columns and G702 summary: the certificate's once certified, else as
 * billed. Computed again from the schedule and the certificates it was billed against (its
 * basis), so an earlier application reads the same after later change orders.
 */
export function applicationFigures(application: ApplicationState): PayApplicationFigures {
  const { schedule, previous } = application.basis;
  return payApplicationFigures(schedule, previous, application.certification?.lines ?? application.lines);
}
