import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import { DataSource, In, type Repository } from 'typeorm';

import { type Revocation, SessionCache } from '../identity';
import { setAtMost } from '../infrastructure/bounded-map';
import { PG_POOL } from '../infrastructure/database/database.tokens';
import { CompanyEntity } from './infrastructure';

export interface PersonName {
  userId: number;
  displayName: string;
  firstName: string;
  lastName: string;
  companyId: number | null;
}

/**
 * Names for ids, looked up in bulk when an answer needs them. Read models and events keep ids
 * only, so erasing a person here erases them everywhere they are shown. People come from
 * identity's users table, named rather than imported (contexts meet through their index).
 */
@Injectable()
export class DirectoryService {
  private readonly companies: Repository<CompanyEntity>;

  /**
   * The names every command's answer shows, kept in this process (docs/performance-history.md, issue 29)
   * for as long as the session cache's revocations reach it (SessionCache.follow): a change of a
   * person's or a company's name announces itself from the database (name-changes.migrations.ts),
   * and the process forgets that one at once; while the announcements do not reach it, it keeps
   * nothing. Missing ids are never kept, so a new user or company needs no announcement.
   */
  private readonly cachedPeople = new Map<number, PersonName>();
  private readonly cachedCompanies = new Map<number, string>();
  /** Moves with every revocation: a lookup that ran across one keeps nothing it read. */
  private namesGeneration = 0;

  constructor(
    private readonly dataSource: DataSource,
    @Inject(PG_POOL) private readonly pool: Pool,
    private readonly sessions: SessionCache,
  ) {
    this.companies = dataSource.getRepository(CompanyEntity);
    sessions.follow((revocation) => this.forgetNames(revocation));
  }

  async people(userIds: Iterable<number>): Promise<Map<number, PersonName>> {
    const ids = validIds(userIds);
    if (ids.length === 0) return new Map();
    const people = await this.dataSource
      .createQueryBuilder()
      .select([
        'u.userId AS "userId"',
        'u.displayName AS "displayName"',
        'u.firstName AS "firstName"',
        'u.lastName AS "lastName"',
        'u.companyId AS "companyId"',
      ])
      .from('users', 'u')
      .where('u.userId IN (:...ids)', { ids })
      .getRawMany<PersonName>();
    return new Map(people.map((p) => [p.userId, p]));
  }

  /**
   * People and companies together, in one prepared statement: every milestone answer and read
   * needs both, and it is on the hot path of every command (see docs/architecture.md, "TypeORM for
   * what it is for": the two query-builder reads cost two round trips and their planning).
   */
  async names(userIds: Iterable<number>, companyIds: Iterable<number>): Promise<{ people: Map<number, PersonName>; companies: Map<number, string> }> {
    const users = validIds(userIds);
    const companies = validIds(companyIds);
    const people = new Map<number, PersonName>();
    const named = new Map<number, string>();
    const caching = this.sessions.listeningForRevocations;
    const missingPeople = users.filter((id) => {
      const known = caching ? this.cachedPeople.get(id) : undefined;
      if (known) people.set(id, known);
      return !known;
    });
    const missingCompanies = companies.filter((id) => {
      const known = caching ? this.cachedCompanies.get(id) : undefined;
      if (known !== undefined) named.set(id, known);
      return known === undefined;
    });
    if (missingPeople.length === 0 && missingCompanies.length === 0) return { people, companies: named };
    const generation = this.namesGeneration;
    const { rows } = await this.pool.query<{
      kind: 'p' | 'c';
      id: number;
      name: string;
      first_name: string | null;
      last_name: string | null;
      company_id: number | null;
    }>({
      name: 'escrow_directory_names',
      text: `SELECT 'p' AS kind, user_id AS id, display_name AS name, first_name, last_name, company_id FROM users WHERE user_id = ANY($1::int[])
             UNION ALL
             SELECT 'c', company_id, name, NULL, NULL, NULL FROM companies WHERE company_id = ANY($2::int[])`,
      values: [missingPeople, missingCompanies],
    });
    // What was read may predate a change announced while the query ran: then it is used for this
    // answer (as a query a moment earlier would have been) but not kept.
    const keep = caching && generation === this.namesGeneration && this.sessions.listeningForRevocations;
    for (const row of rows) {
      if (row.kind === 'c') {
        named.set(row.id, row.name);
        if (keep) remember(this.cachedCompanies, row.id, row.name);
      } else {
        const person = { userId: row.id, displayName: row.name, firstName: row.first_name!, lastName: row.last_name!, companyId: row.company_id };
        people.set(row.id, person);
        if (keep) remember(this.cachedPeople, row.id, person);
      }
    }
    return { people, companies: named };
  }

  /** A revocation names a person or a company whose names may have changed (or, 'all', anything). */
  private forgetNames(revocation: Revocation | 'all'): void {
    this.namesGeneration++;
    if (revocation === 'all') {
      this.cachedPeople.clear();
      this.cachedCompanies.clear();
    } else if ('userId' in revocation) {
      this.cachedPeople.delete(revocation.userId);
    } else if ('companyId' in revocation) {
      this.cachedCompanies.delete(revocation.companyId);
    }
  }

  async companyNames(companyIds: Iterable<number>): Promise<Map<number, string>> {
    const ids = validIds(companyIds);
    if (ids.length === 0) return new Map();
    const companies = await this.companies.find({ select: { companyId: true, name: true }, where: { companyId: In(ids) } });
    return new Map(companies.map((c) => [c.companyId, c.name]));
  }

  /** Every member company, by name: the payees a milestone can name. */
  async allCompanies(): Promise<{ company_id: number; name: string }[]> {
    const companies = await this.companies
      .createQueryBuilder('c')
      .select(['c.companyId', 'c.name'])
      .orderBy('lower(c.name)')
      .addOrderBy('c.companyId')
      .getMany();
    return companies.map((c) => ({ company_id: c.companyId, name: c.name }));
  }

  async companyExists(companyId: number): Promise<boolean> {
    return this.companies.existsBy({ companyId });
  }

  /** Users of a company: the people who act for the seller of a project. */
  async companyUserIds(companyId: number): Promise<number[]> {
    const users = await this.dataSource
      .createQueryBuilder()
      .select('u.userId', 'user_id')
      .from('users', 'u')
      .where('u.companyId = :companyId', { companyId })
      .andWhere('u.deletedAt IS NULL')
      .getRawMany<{ user_id: number }>();
    return users.map((u) => u.user_id);
  }
}

function validIds(ids: Iterable<number>): number[] {
  return [...new Set(ids)].filter((id) => Number.isInteger(id) && id > 0);
}

/** Names kept per process: enough for every party of the projects in use, bounded. */
const CACHED_NAMES = 50_000;

function remember<T>(cache: Map<number, T>, id: number, value: T): void {
  setAtMost(cache, id, value, CACHED_NAMES);
}
