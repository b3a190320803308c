import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/** A mail to send (or sent); a mail an event may cause twice is kept once per dedupe key. */
@Entity({ name: 'mail_outbox' })
@Index('mail_outbox_dedupe_idx', ['dedupeKey'], { unique: true, where: 'dedupe_key IS NOT NULL' })
export class MailOutboxEntity {
  @PrimaryGeneratedColumn('identity', { name: 'mail_id', type: 'integer', generatedIdentity: 'BY DEFAULT', primaryKeyConstraintName: 'mail_outbox_pkey' })
  mailId!: number;

  @Column({ type: 'text' })
  recipient!: string;

  @Column({ type: 'text' })
  subject!: string;

  @Column({ type: 'text' })
  body!: string;

  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt!: Date;

  @Column({ name: 'sent_at', type: 'timestamptz', nullable: true })
  sentAt!: Date | null;

  @Column({ name: 'dedupe_key', type: 'text', nullable: true })
  dedupeKey!: string | null;
}
