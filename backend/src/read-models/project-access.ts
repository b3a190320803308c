import type { OriginalId, ProjectFacts, SiteState, VersionId } from '@escrow/domain';
import { asCompanyRole, asOriginalId, asVersionId, DomainError, forbidden, notFound } from '@escrow/domain';
import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';

import type { SessionUser } from '../identity';
import { setAtMost } from '../infrastructure/bounded-map';
import { PG_POOL } from '../infrastructure/database/database.tokens';
import { AuthorRoles } from './author-roles';

export interface JobAccessRow {
  job_id: number;
  customer_id: number;
  primary_company_id: number | null;
  service: string;
  is_draft: boolean;
  customer_initiated: boolean;
  created_by: number;
  created_at: Date;
  submitted_at: Date | null;
  customer_signed_at: Date | null;
  company_signed_at: Date | null;
  discarded_at: Date | null;
  /** numeric(5,2) as text: "5.00". */
  retainage_percent: string;
  site_state: SiteState | null;
  /** How the project bills (its folded state's choice; milestones unless progress was chosen). */
  billing: 'milestones' | 'progress';
}

const JOB_COLUMNS = [
  'job_id',
  'customer_id',
  'primary_company_id',
  'service',
  'is_draft',
  'customer_initiated',
  'created_by',
  'created_at',
  'submitted_at',
  'customer_signed_at',
  'company_signed_at',
  'discarded_at',
  'retainage_percent',
  'site_state',
] as const;

/** The billing method a project's folded state holds (absent in states stored before it existed: milestones). */
const BILLING_OF = (table: string) => `coalesce(${table}state->>'billing', 'milestones') AS billing`;

/** What the milestone rules know of a project, from its read model (see ProjectFacts). */
export function projectFactsOf(project: JobAccessRow): ProjectFacts {
  return {
    status: project.discarded_at ? 'discarded' : project.is_draft ? 'draft' : 'submitted',
    customerId: project.customer_id,
    companyId: project.primary_company_id,
    retainagePercent: project.retainage_percent,
    siteState: project.site_state,
    billing: project.billing,
  };
}

export type Viewer = 'customer' | 'company' | 'admin';
/** A user of a company a milestone pays (a subcontractor): it sees and signs its own lien waivers, nothing else. */
export type WaiverViewer = Viewer | 'payee';

/** A milestone found by one of its version ids: the version, checked to exist, and the milestone it belongs to. */
export interface MilestoneRef {
  versionId: VersionId;
  originalId: OriginalId;
  projectId: number;
}

/** Version ids whose milestone this process has seen: a version never moves to another milestone. */
const KNOWN_VERSIONS = 50_000;

/** Who may see and act on a project: its buyer, the users of its seller company, admins. */
@Injectable()
export class ProjectAccess {
  private readonly originals = new Map<number, OriginalId>();

  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    private readonly authorRoles: AuthorRoles,
  ) {}

  /**
   * The milestone a version id belongs to, as far as this process already knows (from an earlier
   * access check): lets a command start reading its stream before the check answers. Only a
   * hint: the check itself says which milestone the version is, and whether the caller may act.
   */
  knownOriginalOf(versionId: number): OriginalId | null {
    return this.originals.get(versionId) ?? null;
  }

  private noteOriginal(versionId: number, originalId: OriginalId): void {
    setAtMost(this.originals, versionId, originalId, KNOWN_VERSIONS);
  }

  async job(projectId: number): Promise<JobAccessRow> {
    const { rows } = await this.pool.query<JobAccessRow>({
      name: 'escrow_job_access_v4',
      text: `SELECT ${JOB_COLUMNS.join(', ')}, ${BILLING_OF('')} FROM jobs WHERE job_id = $1`,
      values: [projectId],
    });
    if (!rows[0]) throw notFound('no_such_project', 'There is no such project.');
    return rows[0];
  }

  viewerOf(project: Pick<JobAccessRow, 'customer_id' | 'primary_company_id'>, user: SessionUser): Viewer | null {
    if (user.userId === project.customer_id) return 'customer';
    if (user.companyId !== null && user.companyId === project.primary_company_id) return 'company';
    if (user.role === 'admin') return 'admin';
    return null;
  }

  /**
   * A draft exists only for the user who started it (and for admins) until it is submitted; a
   * discarded draft exists for nobody. Both answer 404 to everyone else, like a project that
   * never was.
   */
  private hidden(project: JobAccessRow, user: SessionUser): boolean {
    if (project.discarded_at !== null) return true;
    return project.is_draft && project.created_by !== user.userId && user.role !== 'admin';
  }

  /** The project, when the user is one of its parties (or an admin); 403 otherwise. */
  async requireViewer(projectId: number, user: SessionUser): Promise<{ job: JobAccessRow; viewer: Viewer }> {
    const project = await this.job(projectId);
    if (this.hidden(project, user)) throw notFound('no_such_project', 'There is no such project.');
    const viewer = this.viewerOf(project, user);
    if (!viewer) throw forbidden('not_a_party', 'You are not a party to this project.');
    return { job: project, viewer };
  }

  /** The milestone a version id (m_id) belongs to. */
  async milestone(versionId: number): Promise<MilestoneRef> {
    const { rows } = await this.pool.query<{ original_id: number; job_id: number }>('SELECT original_id, job_id FROM milestone_versions WHERE m_id = $1', [
      versionId,
    ]);
    if (!rows[0]) throw notFound('no_such_milestone', 'There is no such milestone.');
    this.noteOriginal(versionId, asOriginalId(rows[0].original_id));
    return { versionId: asVersionId(versionId), originalId: asOriginalId(rows[0].original_id), projectId: rows[0].job_id };
  }

  /**
   * The milestone and its project in one round trip (every milestone command starts here), with
   * the author roles of the milestone's versions, which the command's answer names (noted in
   * AuthorRoles, so the answer does not ask for them again).
   */
  async requireMilestoneViewer(versionId: number, user: SessionUser): Promise<MilestoneRef & { job: JobAccessRow; viewer: Viewer }> {
    const { rows } = await this.pool.query<JobAccessRow & { original_id: number; author_roles: Record<string, string> | null }>({
      name: 'escrow_milestone_with_job_v5',
      text: `SELECT v.original_id, ${JOB_COLUMNS.map((c) => `j.${c}`).join(', ')}, ${BILLING_OF('j.')},
                    (SELECT jsonb_object_agg(r.m_id, r.author_company_role) FROM milestone_versions r
                      WHERE r.original_id = v.original_id AND r.author_company_role IS NOT NULL) AS author_roles
               FROM milestone_versions v JOIN jobs j ON j.job_id = v.job_id WHERE v.m_id = $1`,
      values: [versionId],
    });
    const row = rows[0];
    if (!row) throw notFound('no_such_milestone', 'There is no such milestone.');
    const { original_id: originalId, author_roles: roles, ...project } = row;
    for (const [id, role] of Object.entries(roles ?? {})) this.authorRoles.note(Number(id), asCompanyRole(role));
    this.noteOriginal(versionId, asOriginalId(originalId));
    if (this.hidden(project, user)) throw notFound('no_such_milestone', 'There is no such milestone.');
    const viewer = this.viewerOf(project, user);
    if (!viewer) throw forbidden('not_a_party', 'You are not a party to this project.');
    return { versionId: asVersionId(versionId), originalId: asOriginalId(originalId), projectId: project.job_id, job: project, viewer };
  }

  /** Whether the user's company is a payee of any version of the milestone. */
  async isPayee(originalId: OriginalId, user: SessionUser): Promise<boolean> {
    if (user.companyId === null) return false;
    const { rowCount } = await this.pool.query('SELECT 1 FROM milestone_payees WHERE original_id = $1 AND company_id = $2 LIMIT 1', [
      originalId,
      user.companyId,
    ]);
    return (rowCount ?? 0) > 0;
  }

  /** A milestone for its parties and admins, and for the users of a company it pays (its lien waivers). */
  async requireMilestoneWaiverViewer(versionId: number, user: SessionUser): Promise<MilestoneRef & { job: JobAccessRow; viewer: WaiverViewer }> {
    try {
      return await this.requireMilestoneViewer(versionId, user);
    } catch (error) {
      if (!(error instanceof DomainError && error.kind === 'forbidden')) throw error;
      const ref = await this.milestone(versionId);
      if (!(await this.isPayee(ref.originalId, user))) throw error;
      return { ...ref, job: await this.job(ref.projectId), viewer: 'payee' };
    }
  }
}
