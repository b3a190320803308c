import { existsSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { eventStoreContract } from '../contract';
import { EventStoreDbEventStore } from './eventstoredb-event-store';

/**
 * The contract suite against a real EventStoreDB/KurrentDB: the one named by
 * EVENTSTORE_CONNECTION_STRING, or a container started by testcontainers when a Docker engine is
 * reachable. Without either (as on the machines without Docker this project is built on) the
 * suite cannot run: it says so plainly, and only the adapter's own failure handling is tested.
 */
const givenConnection = process.env.EVENTSTORE_CONNECTION_STRING || null;
const dockerReachable = Boolean(process.env.DOCKER_HOST) || existsSync('/var/run/docker.sock');
const image = process.env.ESDB_IMAGE || 'eventstore/eventstore:24.10';

if (givenConnection || dockerReachable) {
  describe('EventStoreDbEventStore contract', () => {
    let connectionString = givenConnection;
    let stopContainer: (() => Promise<unknown>) | null = null;

    beforeAll(async () => {
      if (connectionString) return;
      const { GenericContainer, Wait } = await import('testcontainers');
      const container = await new GenericContainer(image)
        .withEnvironment({ EVENTSTORE_INSECURE: 'true', EVENTSTORE_MEM_DB: 'true', EVENTSTORE_RUN_PROJECTIONS: 'None' })
        .withExposedPorts(2113)
        .withWaitStrategy(Wait.forHttp('/health/live', 2113).forStatusCode(204))
        .start();
      stopContainer = () => container.stop();
      connectionString = `esdb://${container.getHost()}:${container.getMappedPort(2113)}?tls=false`;
    }, 180_000);
    afterAll(async () => {
      await stopContainer?.();
    });

    eventStoreContract(async () => {
      const store = new EventStoreDbEventStore({ connectionString: connectionString!, pollIntervalMs: 200 });
      return { store, streamPrefix: `contract-${randomUUID().slice(0, 8)}-`, close: () => store.close() };
    });
  });
} else {
  // eslint-disable-next-line no-console
  console.warn(
    'EventStoreDB contract suite NOT RUN: no EVENTSTORE_CONNECTION_STRING and no Docker engine for testcontainers. ' +
      'Set EVENTSTORE_CONNECTION_STRING=esdb://host:2113?tls=false to run it.',
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
