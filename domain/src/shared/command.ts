import type { CompanyRole } from '../teams/permissions';

/** Who issues a command and when: time and identity enter the model only through here. */
export interface CommandMetadata {
  /** ISO-8601 instant the command is decided at. */
  now: string;
  actorId: number;
  actorRole: 'admin' | 'company' | 'customer' | 'system';
  /** The actor's company, when the actor is a company (seller) user. */
  actorCompanyId?: number | null;
  /**
   * The actor's role in that company when they acted (issue 37): the History, the ledger, the
   * audit bundle and the webhooks name the person and their role. Absent on older events.
   */
  actorCompanyRole?: CompanyRole | null;
}

export interface Command<TType extends string, TData> {
  type: TType;
  data: TData;
  metadata: CommandMetadata;
}

/** Makes a switch over a discriminated union exhaustive: a missing case fails to compile. */
export function assertNever(value: never): never {
  throw new Error(`Unhandled case: ${JSON.stringify(value)}`);
}
