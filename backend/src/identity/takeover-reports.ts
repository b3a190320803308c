import { Injectable, Logger } from '@nestjs/common';

/** Something another context undoes for an account whose owner reported a thief: answers how many. */
export type TakeoverUndo = (userId: number) => Promise<number>;
/** What can be undone, named once for the context that undoes it and for the answer that tells it. */
export type TakeoverUndoKind = 'team invitations';

/**
 * What the rest of the product undoes when an account's owner says "this wasn't me" about a
 * factor: identity ends the sessions and holds logins for a reset itself, but what the thief left
 * elsewhere (a team invitation that would let them back in as a member) belongs to other
 * contexts, which register here at start-up, since identity may not import them.
 */
@Injectable()
export class TakeoverReports {
  private readonly logger = new Logger('TakeoverReports');
  private readonly undos = new Map<TakeoverUndoKind, TakeoverUndo>();

  onReport(what: TakeoverUndoKind, undo: TakeoverUndo): void {
    this.undos.set(what, undo);
  }

  /** Runs every registered undo, each on its own: one that fails is logged and the others still run. */
  async reported(userId: number): Promise<Partial<Record<TakeoverUndoKind, number>>> {
    const done: Partial<Record<TakeoverUndoKind, number>> = {};
    for (const [what, undo] of this.undos) {
      try {
        done[what] = await undo(userId);
      } catch (error) {
        this.logger.error({ msg: `undoing ${what} after a reported takeover failed: ${(error as Error).message}`, userId });
      }
    }
    return done;
  }
}
