import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';

import type { GlobalPosition, RecordedEvent } from '@escrow/domain';
import { EventStoreDBClient } from '@eventstore/db-client';

import { eventStoreContract } from '../contract';
import { EventStoreDbEventStore } from './eventstoredb-event-store';

/**
 * The contract suite against a real EventStoreDB/KurrentDB: the one named by
 * EVENTSTORE_CONNECTION_STRING (docs/operations.md: against the compose cluster), or a container
 * started by testcontainers when a Docker engine is reachable. It reads $all from the position
 * it finds at its start, so the cluster may already hold any number of events. Without a
 * server (as on the machines without Docker this project is built on) it cannot run: it says
 * so plainly, and the adapter's logic is tested against a model of the server instead
 * (eventstoredb-event-store.spec.ts).
 */
const givenConnection = process.env.EVENTSTORE_CONNECTION_STRING || null;
const dockerReachable = Boolean(process.env.DOCKER_HOST) || existsSync('/var/run/docker.sock');
const image = process.env.ESDB_IMAGE || 'eventstore/eventstore:24.10';

if (givenConnection || dockerReachable) {
  describe(`EventStoreDbEventStore against ${givenConnection ? 'EVENTSTORE_CONNECTION_STRING' : `a ${image} container`}`, () => {
    let connectionString = givenConnection;
    let stopContainer: (() => Promise<unknown>) | null = null;

    beforeAll(async () => {
      if (connectionString) return;
      const { GenericContainer, Wait } = await import('testcontainers');
      const container = await new GenericContainer(image)
        .withEnvironment({
          EVENTSTORE_INSECURE: 'true',
          EVENTSTORE_MEM_DB: 'true',
          EVENTSTORE_RUN_PROJECTIONS: 'None',
          KURRENTDB_INSECURE: 'true',
          KURRENTDB_MEM_DB: 'true',
        })
        .withExposedPorts(2113)
        .withWaitStrategy(Wait.forHttp('/health/live', 2113).forStatusCode(204))
        .start();
      stopContainer = () => container.stop();
      connectionString = `esdb://${container.getHost()}:${container.getMappedPort(2113)}?tls=false`;
    }, 180_000);
    afterAll(async () => {
      await stopContainer?.();
    });

    describe('contract', () => {
      eventStoreContract(async () => {
        const store = new EventStoreDbEventStore({ connectionString: connectionString! });
        return { store, streamPrefix: `contract-${randomUUID().slice(0, 8)}-`, close: () => store.close() };
      });
    });

    describe('system events between ours', () => {
      let store: EventStoreDbEventStore;
      let raw: EventStoreDBClient;
      beforeEach(() => {
        store = new EventStoreDbEventStore({ connectionString: connectionString! });
        raw = EventStoreDBClient.connectionString(connectionString!);
      });
      afterEach(async () => {
        await store.close();
        await raw.dispose();
      });

      /** 600 `$metadata` events in a row in `$$<stream>`: a system stream the filter leaves out. */
      async function systemEvents(prefix: string): Promise<void> {
        for (let i = 0; i < 600; i++) await raw.setStreamMetadata(`${prefix}meta`, { maxAge: 86_400 + i });
      }

      const ours = (prefix: string, n: number) => ({
        type: 'Ours',
        data: { n },
        metadata: { actorId: null, actorRole: null, correlationId: randomUUID(), causationId: null, occurredAt: new Date().toISOString(), schemaVersion: 1 },
      });

      it('pages past 600 system events in a row, moving the cursor even on pages with none of ours', async () => {
        const prefix = `sys-${randomUUID().slice(0, 8)}-`;
        const start = (await store.headPosition())?.position ?? null;
        await store.append(`${prefix}a`, [ours(prefix, 1)]);
        await systemEvents(prefix);
        await store.append(`${prefix}a`, [ours(prefix, 2)]);
        const seen: RecordedEvent[] = [];
        let after: GlobalPosition | null = start;
        for (let pages = 0; seen.length < 2; pages++) {
          if (pages > 200)
            throw new Error(
              `read only ${seen.length} of 2 events in 200 pages: the cursor is stuck at ${JSON.stringify(after, (_, v) => (typeof v === 'bigint' ? String(v) : v))}`,
            );
          const page = await store.readAll({ after, limit: 10 });
          seen.push(...page.events.filter((e) => e.streamId.startsWith(prefix)));
          after = page.lastPosition;
        }
        expect(seen.map((e) => (e.data as { n: number }).n)).toEqual([1, 2]);
      }, 120_000);

      it('delivers live events after 600 system events without stalling', async () => {
        const prefix = `live-${randomUUID().slice(0, 8)}-`;
        const start = (await store.headPosition())?.position ?? null;
        const received: RecordedEvent[] = [];
        const subscription = store.subscribeToAll(
          { after: start, batchSize: 10 },
          async (batch) => void received.push(...batch.filter((e) => e.streamId.startsWith(prefix))),
        );
        try {
          await systemEvents(prefix);
          await store.append(`${prefix}b`, [ours(prefix, 3)]);
          const deadline = Date.now() + 30_000;
          while (received.length < 1 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
          expect(received.map((e) => (e.data as { n: number }).n)).toEqual([3]);
        } finally {
          await subscription.stop();
        }
      }, 120_000);
    });
  });
} else {
  console.warn(
    'EventStoreDB contract suite NOT RUN: no EVENTSTORE_CONNECTION_STRING and no Docker engine for testcontainers. ' +
      'Set EVENTSTORE_CONNECTION_STRING=esdb://host:2113?tls=false to run it (docs/operations.md: "Running the EventStoreDB contract suite").',
  );
  describe('EventStoreDbEventStore without a reachable cluster', () => {
    it('fails fast with a clear error and reports itself down', async () => {
      const store = new EventStoreDbEventStore({ connectionString: 'esdb://127.0.0.1:1?tls=false&discoveryInterval=10&maxDiscoverAttempts=1' });
      try {
        const started = Date.now();
        await expect(store.readStream('anything')).rejects.toThrow();
        expect(Date.now() - started).toBeLessThan(15_000);
        const health = await store.health();
        expect(health).toMatchObject({ status: 'down', kind: 'eventstoredb' });
        expect(health.error).toBeTruthy();
      } finally {
        await store.close();
      }
    }, 30_000);
  });
}
