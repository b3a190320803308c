import { AsyncLocalStorage } from 'node:async_hooks';

import { comparePositions, type GlobalPosition } from '@escrow/domain';
import { Injectable } from '@nestjs/common';

/** The later of two positions; either may be missing. */
export const newerPosition = (a: GlobalPosition | null, b: GlobalPosition | null): GlobalPosition | null =>
  !a ? b : !b ? a : comparePositions(a, b) >= 0 ? a : b;

/** What one request appended: the newest position, which its answer names. */
export interface RequestAppends {
  appended: GlobalPosition | null;
}

/**
 * Where this application appended (docs/design.md#read-your-writes): the newest position of all,
 * which every read waits for, and within a request the newest that request appended at. One per
 * application, held by the dependency container: two applications in one process (the tests'
 * "two API processes") keep their own, as two processes do. (It was module-level state until
 * 2026-11-26, shared by every application a process started.)
 */
@Injectable()
export class AppendedPositions {
  private readonly requests = new AsyncLocalStorage<RequestAppends>();
  private newest: GlobalPosition | null = null;

  /** Called by the command side after every append (or replay), in a request or not (the payments dispatcher). */
  note(position: GlobalPosition): void {
    const request = this.requests.getStore();
    if (request) request.appended = newerPosition(request.appended, position);
    this.newest = newerPosition(this.newest, position);
  }

  /** The newest position this application appended at, for anyone. */
  get newestInProcess(): GlobalPosition | null {
    return this.newest;
  }

  /** The newest position the request being handled appended at, if any. */
  get ofThisRequest(): GlobalPosition | null {
    return this.requests.getStore()?.appended ?? null;
  }

  /** Handles a request with its own record of what it appends. */
  track<T>(request: RequestAppends, handle: () => Promise<T>): Promise<T> {
    return this.requests.run(request, handle);
  }
}
