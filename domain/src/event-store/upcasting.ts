import type {
  AppendOptions,
  AppendResult,
  EventStore,
  EventStoreHealth,
  GlobalPosition,
  NewEvent,
  ReadAllOptions,
  ReadAllPage,
  ReadStreamOptions,
  RecordedEvent,
  SubscribeOptions,
  Subscription,
} from './event-store.port';

/**
 * Turns a stored event of an older schema version into the next one, on read (docs/design.md#event-names-and-versions:
 * events are immutable; a changed shape gets a new schemaVersion and an upcaster).
 */
export interface Upcaster {
  type: string;
  fromVersion: number;
  upcast(data: unknown, event: RecordedEvent): unknown;
}

/** Applies every upcaster that fits, in version order, until the event is current. */
export function upcastEvent(event: RecordedEvent, upcasters: readonly Upcaster[]): RecordedEvent {
  let current = event;
  for (;;) {
    const version = Number(current.metadata.schemaVersion ?? 1);
    const next = upcasters.find((u) => u.type === current.type && u.fromVersion === version);
    if (!next) return current;
    current = { ...current, data: next.upcast(current.data, current), metadata: { ...current.metadata, schemaVersion: version + 1 } };
  }
}

/**
 * The seam: an EventStore whose readers (deciders, projectors, rebuilds) only ever see current
 * event shapes, whatever adapter stores them. Appends pass through unchanged.
 */
export class UpcastingEventStore implements EventStore {
  constructor(
    private readonly inner: EventStore,
    private readonly upcasters: readonly Upcaster[],
  ) {}

  get kind() {
    return this.inner.kind;
  }

  append(streamId: string, events: NewEvent[], options?: AppendOptions): Promise<AppendResult> {
    return this.inner.append(streamId, events, options);
  }

  async readStream(streamId: string, options?: ReadStreamOptions): Promise<RecordedEvent[]> {
    return (await this.inner.readStream(streamId, options)).map((e) => upcastEvent(e, this.upcasters));
  }

  async readAll(options: ReadAllOptions): Promise<ReadAllPage> {
    const page = await this.inner.readAll(options);
    return { ...page, events: page.events.map((e) => upcastEvent(e, this.upcasters)) };
  }

  subscribeToAll(options: SubscribeOptions, handler: (batch: RecordedEvent[]) => Promise<void>): Subscription {
    return this.inner.subscribeToAll(options, (batch) => handler(batch.map((e) => upcastEvent(e, this.upcasters))));
  }

  countAfter(after: GlobalPosition | null): Promise<number | null> {
    return this.inner.countAfter(after);
  }

  headPosition(): Promise<{ position: GlobalPosition; recordedAt: Date } | null> {
    return this.inner.headPosition();
  }

  health(): Promise<EventStoreHealth> {
    return this.inner.health();
  }

  appendsAnnounced(): number {
    return this.inner.appendsAnnounced();
  }

  nudge(appendsBefore?: number): void {
    this.inner.nudge(appendsBefore);
  }

  close(): Promise<void> {
    return this.inner.close();
  }
}
