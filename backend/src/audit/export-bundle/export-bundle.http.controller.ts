import type { AuditSigningKeyView } from '@escrow/domain';
import { type AuditScope } from '@escrow/projections';
import { Controller, Get, Param, Query, StreamableFile } from '@nestjs/common';
import { ApiOkResponse, ApiProduces, ApiQuery } from '@nestjs/swagger';

import { invalidParam } from '../../http/api-refusal';
import { Answers } from '../../http/openapi';
import { ParseIdPipe } from '../../http/parse-id.pipe';
import { Access, AdminRoles, CurrentUser, EVERY_ADMIN_ROLE, OPERATIONS_ROLES, type SessionUser } from '../../identity';
import { ProjectAccess } from '../../read-models';
import { AuditSigningKey } from '../audit-signing-key';
import { AuditBundles } from './audit-bundles';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;

/** A day (midnight UTC) or an instant with its offset; anything else is the caller's mistake. */
function instant(value: unknown, name: string): Date {
  if (typeof value !== 'string' || !(DAY.test(value) || INSTANT.test(value)))
    throw invalidParam(name, `${name} must be a day like 2026-11-01 or an instant like 2026-11-01T08:00:00Z.`);
  const date = new Date(DAY.test(value) ? `${value}T00:00:00Z` : value);
  if (Number.isNaN(date.getTime())) throw invalidParam(name, `${name} is not a real date.`);
  return date;
}

/** `withFiles=true` puts the attached files beside the bundle, in one tar; absent or `false`, the bundle alone. */
function withFilesOf(value: unknown): boolean {
  if (value === undefined || value === 'false') return false;
  if (value === 'true') return true;
  throw invalidParam('withFiles', 'withFiles must be true or false.');
}

const BUNDLE_RESPONSE = ApiOkResponse({
  description:
    'An audit bundle: JSON lines (header, events as stored with their hashes, ledger postings, the attachments with their SHA-256, the signed manifest last). Check it with npx escrow-verify-audit-bundle. With withFiles=true, a tar holding the bundle (<name>.jsonl) and the attached files beside it (<name>.files/<sha256>).',
  content: { 'application/x-ndjson': { schema: { type: 'string' } }, 'application/x-tar': { schema: { type: 'string', format: 'binary' } } },
});
const WITH_FILES = ApiQuery({
  name: 'withFiles',
  required: false,
  enum: ['true', 'false'],
  description: 'true: a tar of the bundle and every file it lists, named by its SHA-256, for the offline verifier to check',
});

/**
 * Audit exports for admins (docs/operations.md, "Audit exports"): one project's streams whole, or
 * every event recorded between two instants, with the ledger's postings, signed with the
 * installation's Ed25519 key; the public half is served here and published in the docs.
 */
@Controller('admin/audit')
@Access('admin')
@AdminRoles(...OPERATIONS_ROLES)
export class ExportBundleController {
  constructor(
    private readonly bundles: AuditBundles,
    private readonly key: AuditSigningKey,
    private readonly access: ProjectAccess,
  ) {}

  @Get('signing-key')
  @AdminRoles(...EVERY_ADMIN_ROLE)
  @Answers('AuditSigningKeyView')
  signingKey(): AuditSigningKeyView {
    return this.key.view();
  }

  @Get('projects/:id/bundle')
  @ApiProduces('application/x-ndjson', 'application/x-tar')
  @BUNDLE_RESPONSE
  @WITH_FILES
  async project(
    @Param('id', ParseIdPipe) projectId: number,
    @Query('withFiles') withFiles: unknown,
    @CurrentUser() user: SessionUser,
  ): Promise<StreamableFile> {
    const files = withFilesOf(withFiles);
    await this.access.job(projectId);
    return this.file({ kind: 'project', jobId: projectId }, `escrow-audit-project-${projectId}`, files, user);
  }

  @Get('bundle')
  @ApiProduces('application/x-ndjson', 'application/x-tar')
  @BUNDLE_RESPONSE
  @WITH_FILES
  @ApiQuery({ name: 'from', required: true, example: '2026-11-01', description: 'The first day (midnight UTC) or instant of the range, included.' })
  @ApiQuery({ name: 'to', required: true, example: '2026-12-01T00:00:00Z', description: 'The day or instant the range ends at, excluded; later than from.' })
  async range(
    @Query('from') fromParam: unknown,
    @Query('to') toParam: unknown,
    @Query('withFiles') withFiles: unknown,
    @CurrentUser() user: SessionUser,
  ): Promise<StreamableFile> {
    const from = instant(fromParam, 'from');
    const to = instant(toParam, 'to');
    const files = withFilesOf(withFiles);
    if (from >= to) throw invalidParam('from', 'from must be earlier than to: the bundle holds the events recorded on or after from and before to.');
    const day = (d: Date) => d.toISOString().slice(0, 10);
    return this.file({ kind: 'range', from: from.toISOString(), to: to.toISOString() }, `escrow-audit-${day(from)}-to-${day(to)}`, files, user);
  }

  private async file(scope: AuditScope, name: string, withFiles: boolean, user: SessionUser): Promise<StreamableFile> {
    if (withFiles) {
      const archive = await this.bundles.openWithFiles(scope, user.userId, name);
      return new StreamableFile(archive, { type: 'application/x-tar', disposition: `attachment; filename="${name}.tar"` });
    }
    const stream = await this.bundles.open(scope, user.userId);
    return new StreamableFile(stream, { type: 'application/x-ndjson; charset=utf-8', disposition: `attachment; filename="${name}.jsonl"` });
  }
}
