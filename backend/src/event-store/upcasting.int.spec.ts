import { evolveMilestone, MILESTONE_UPCASTERS, type MilestoneEvent, type MilestoneState, UpcastingEventStore } from '@escrow/domain';

import { createEventStoreFixture, type EventStoreFixture, readEverything, testEvent } from '../../test/support/event-store-fixture';

/** The upcaster seam of the event store port (docs/design.md#event-names-and-versions): a stored v1 event reads as v2. */
describe('reading through the upcasters', () => {
  let fixture: EventStoreFixture;
  beforeAll(async () => {
    fixture = await createEventStoreFixture();
  });
  afterAll(() => fixture.close());

  it('reads a DepositSettled of schema version 1 as version 2, in the stream and in the global order', async () => {
    const at = '2025-06-01T10:00:00.000Z';
    const proposed = {
      ...testEvent('MilestoneProposed'),
      data: {
        originalId: 7,
        versionId: 7,
        jobId: 1,
        customerId: 2,
        companyId: 3,
        title: '',
        definition: 'd',
        position: 1,
        terms: { amount: '100.00', payees: [], payeeTotal: '100.00', feeTotal: '2.25', depositTotal: '102.25', netTotal: '100.00' },
        proposedBy: 2,
        proposedByParty: 'customer',
        at,
      },
    };
    const requested = {
      ...testEvent('DepositRequested'),
      data: { originalId: 7, at, versionId: 7, depositId: 1, amount: '102.25', requestedBy: 2, bankAccountLast4: null },
    };
    // As the first releases wrote it: no return window.
    const v1 = { ...testEvent('DepositSettled'), data: { originalId: 7, at, depositId: 1, amount: '102.25', providerReference: 'sbx', responseDeadline: at } };
    await fixture.store.append('milestone-7', [proposed, requested, v1]);
    const store = new UpcastingEventStore(fixture.store, MILESTONE_UPCASTERS);

    const [, , settled] = await store.readStream('milestone-7');
    expect(settled).toMatchObject({ type: 'DepositSettled', data: { clearsAt: at, clearedOnSettlement: true }, metadata: { schemaVersion: 2 } });
    expect((await fixture.store.readStream('milestone-7'))[2]!.data).not.toHaveProperty('clearedOnSettlement'); // stored as it was
    // Other test files' open transactions on the shared server may hold the global order back a moment.
    const everything = await readEverything(store, 3, 10);
    expect(everything.find((e) => e.type === 'DepositSettled')!.data).toMatchObject({ clearedOnSettlement: true });
    // …and the rules fold it as the money it was then: settled and cleared.
    const state = (await store.readStream('milestone-7')).reduce<MilestoneState>(
      (s, e) => evolveMilestone(s, { type: e.type, data: e.data } as MilestoneEvent),
      { status: 'none' },
    );
    expect(state.status === 'active' && state.deposits[0]!.clearedAt).toBe(at);
  });
});
