export interface Mail {
  to: string;
  subject: string;
  text: string;
  /** Sent at most once per key: a mail caused by an event that may be handled twice carries one. */
  dedupeKey?: string;
}

/** Outgoing mail: SMTP in production, the outbox table (and the log) without a mail server. */
export interface MailPort {
  send(mail: Mail): Promise<void>;
}

export const MAIL_PORT = Symbol('MAIL_PORT');
