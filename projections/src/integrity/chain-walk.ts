import { type ChainBreakReason, type ChainBreakView, comparePositions, type EventIntegrity, formatPosition, type GlobalPosition } from '@escrow/domain';

import { chainHash, contentHash, GENESIS_HASH, type HashedContent, isIntegrity } from './event-hashes';

/** One event that breaks the chain (the API contract's ChainBreakView). */
export type ChainBreak = ChainBreakView;

export interface WalkedEvent extends HashedContent {
  revision: number;
  position?: GlobalPosition | null;
  integrity?: EventIntegrity | undefined;
  /** Part of its content was withheld (an audit bundle's signer name): its content hash cannot be recomputed, its chain link still is checked. */
  contentWithheld?: boolean;
}

/** Where a stream's walked part starts and ends: the chain head an audit bundle's manifest signs. */
export interface StreamHead {
  streamId: string;
  firstRevision: number;
  /** The `previousHash` of the first event walked (the anchor of a partial stream). */
  anchorHash: string;
  lastRevision: number;
  hash: string;
  events: number;
}

export interface ChainWalkOptions {
  /** Streams may start at any revision, anchored on their first event's previous hash (an export of a date range). */
  partialStreams?: boolean;
  /** How many breaks to keep (all are counted). */
  keep?: number;
}

/**
 * Checks the hash chain of events fed to it in the global order, every stream at once: each
 * event's content must hash to its content hash, its previous hash must be the hash of the
 * stream's previous event (64 zeros for revision 0), its revision must follow that event's, and
 * its hash must be sha-256(previous ‖ content). After a break the walk goes on from the stored
 * values, so one changed event is one break, not a break of every later event of its stream.
 */
export class ChainWalk {
  readonly breaks: ChainBreak[] = [];
  brokenEvents = 0;
  events = 0;
  private readonly heads = new Map<string, StreamHead>();
  private lastPosition: GlobalPosition | null = null;
  private readonly keep: number;

  constructor(private readonly options: ChainWalkOptions = {}) {
    this.keep = options.keep ?? 20;
  }

  get ok(): boolean {
    return this.brokenEvents === 0;
  }

  get firstBreak(): ChainBreak | null {
    return this.breaks[0] ?? null;
  }

  get streams(): number {
    return this.heads.size;
  }

  streamHeads(): StreamHead[] {
    return [...this.heads.values()];
  }

  add(event: WalkedEvent): void {
    this.events++;
    const position = event.position ?? null;
    const fail = (reason: ChainBreakReason, what: string) => {
      this.brokenEvents++;
      if (this.breaks.length < this.keep) {
        const where = `${event.streamId} revision ${event.revision}${position ? `, position ${formatPosition(position)}` : ''}`;
        this.breaks.push({
          eventId: event.id,
          streamId: event.streamId,
          revision: event.revision,
          position: formatPosition(position),
          reason,
          message: `event ${event.id} (${where}): ${what}`,
        });
      }
    };
    if (position) {
      if (this.lastPosition && comparePositions(position, this.lastPosition) <= 0)
        fail('out-of-order', `comes after position ${formatPosition(this.lastPosition)} in the global order`);
      this.lastPosition = position;
    }
    const head = this.heads.get(event.streamId);
    const integrity = event.integrity;
    if (!isIntegrity(integrity)) {
      fail('no-hashes', 'carries no hashes (or malformed ones): it was written or changed outside the event store');
      // The stream continues from here as if this event were sound, so later events are judged on their own.
      this.heads.set(event.streamId, this.advance(head, event, head?.hash ?? GENESIS_HASH, GENESIS_HASH));
      return;
    }
    const expectedRevision = head ? head.lastRevision + 1 : 0;
    let broken = false;
    if (event.revision !== expectedRevision && !(head === undefined && this.options.partialStreams)) {
      broken = true;
      fail(
        'revision-gap',
        head
          ? `follows revision ${head.lastRevision} of its stream: ${event.revision < expectedRevision ? 'a revision appears twice' : `revision ${expectedRevision} is missing`}`
          : `is the first event of its stream, but revision ${expectedRevision} should come first`,
      );
    }
    const expectedPrevious = head ? head.hash : this.options.partialStreams && event.revision > 0 ? integrity.previousHash : GENESIS_HASH;
    if (!broken && integrity.previousHash !== expectedPrevious) {
      broken = true;
      fail(
        'previous-hash-differs',
        head
          ? `its previous hash is not the hash of revision ${head.lastRevision}: that event, or this one's link to it, was changed`
          : 'is the first event of its stream, but its previous hash is not the genesis hash (64 zeros)',
      );
    }
    if (!broken && !event.contentWithheld && contentHash(event) !== integrity.contentHash) {
      broken = true;
      fail('content-changed', 'its content (type, data or metadata) does not match its content hash: it was changed after it was stored');
    }
    if (!broken && chainHash(integrity.previousHash, integrity.contentHash) !== integrity.hash) {
      fail('hash-changed', 'its hash is not sha-256(previous hash ‖ content hash): the hash was changed');
    }
    this.heads.set(event.streamId, this.advance(head, event, integrity.hash, integrity.previousHash));
  }

  private advance(head: StreamHead | undefined, event: WalkedEvent, hash: string, previousHash: string): StreamHead {
    if (!head) return { streamId: event.streamId, firstRevision: event.revision, anchorHash: previousHash, lastRevision: event.revision, hash, events: 1 };
    head.lastRevision = event.revision;
    head.hash = hash;
    head.events++;
    return head;
  }
}
