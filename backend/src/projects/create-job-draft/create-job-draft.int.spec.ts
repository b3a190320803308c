import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ProjectionRunner } from '@escrow/projections';
import { DomainError, type CommandMetadata, type EventStore } from '@escrow/domain';
import { EVENT_STORE } from '../../event-store/event-store.tokens';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { GetJobQuery, type JobView } from '../queries/get-job/get-job.query';
import { CreateJobDraftCommand, type CreateJobDraftResult } from './create-job-draft.command';

const seller: CommandMetadata = { now: '2026-11-22T09:30:00.000Z', actorId: 21, actorRole: 'company', actorCompanyId: 4 };

describe('creating a project draft (vertical slice)', () => {
  let app: TestApp;
  let commands: CommandBus;
  let queries: QueryBus;

  beforeAll(async () => {
    app = await createTestApp();
    commands = app.app.get(CommandBus);
    queries = app.app.get(QueryBus);
  });
  afterAll(() => app.close());

  const createDraft = (service = 'Roofing') =>
    commands.execute<CreateJobDraftCommand, CreateJobDraftResult>(
      new CreateJobDraftCommand({ customerId: 12, primaryCompanyId: 4, service, customerInitiated: false }, seller),
    );

  it('appends JobDraftCreated to job-<id> and reads it back from the jobs read model at once', async () => {
    const { jobId } = await createDraft();
    const [event] = await app.app.get<EventStore>(EVENT_STORE).readStream(`job-${jobId}`);
    expect(event).toMatchObject({ type: 'JobDraftCreated', revision: 0, metadata: { actorId: '21', actorRole: 'company', occurredAt: seller.now } });
    const job = await queries.execute<GetJobQuery, JobView | null>(new GetJobQuery(jobId));
    expect(job).toEqual({
      job_id: jobId,
      customer_id: 12,
      primary_company_id: 4,
      service: 'Roofing',
      customerInitiated: false,
      is_draft: true,
      created_by: 21,
      created_at: seller.now,
    });
  });

  it('refuses a draft without a service and appends nothing', async () => {
    await expect(createDraft('   ')).rejects.toThrow(DomainError);
    const { rows } = await app.db.pool.query(`SELECT count(*)::int AS n FROM events WHERE type = 'JobDraftCreated'`);
    expect(rows[0].n).toBe(1);
  });

  it('is reproduced exactly by a rebuild of the jobs projector', async () => {
    for (const service of ['Plumbing', 'Electrical', 'Framing']) await createDraft(service);
    const snapshot = async () => (await app.db.pool.query('SELECT * FROM jobs ORDER BY job_id')).rows;
    const before = await snapshot();
    expect(before).toHaveLength(4);
    await app.app.get(ProjectionRunner).rebuild('jobs');
    expect(await snapshot()).toEqual(before);
  });
});
