import { DomainError } from '@escrow/domain';
import { type CanActivate, type ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Pool } from 'pg';

import { isIdText } from '../http/ids';
import { BUYER_STEP_UP_KEY, type RequestWithUser, SessionsService, type SessionUser, stepUpRefusal, type StepUpTarget } from '../identity';
import { PG_POOL } from '../infrastructure/database/database.tokens';
import { inOneRoundTrip } from '../infrastructure/database/one-round-trip';
import { ProjectAccess } from './project-access';

/**
 * Checks @StepUpIfBuyerOf: on such a route the project's buyer needs a second factor checked
 * within STEP_UP_WINDOW, answered with the identity guard's own 401 so the portal asks in place.
 * Which side the caller is on is the read models' to say (ProjectAccess, as every command on a
 * milestone or project learns it), so this guard runs after the identity guard; it sends that
 * look-up and the session's step-up together (one round trip). A caller who is no party, and an
 * id that is no id or names nothing, pass on to the route, which answers them exactly as before.
 */
@Injectable()
export class BuyerStepUpGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    @Inject(PG_POOL) private readonly pool: Pool,
    private readonly access: ProjectAccess,
    private readonly sessions: SessionsService,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const target = this.reflector.getAllAndOverride<StepUpTarget | undefined>(BUYER_STEP_UP_KEY, [context.getHandler(), context.getClass()]);
    if (!target) return true;
    const request = context.switchToHttp().getRequest<RequestWithUser>();
    const user = request.user;
    const id = (request.params as Record<string, unknown> | undefined)?.id;
    if (!user || !isIdText(id)) return true;
    const [buyer, steppedUp] = await Promise.all(
      inOneRoundTrip(this.pool, () => [this.isBuyer(target, Number(id), user), user.sessionId !== null && this.sessions.steppedUp(user.sessionId)] as const),
    );
    if (buyer && !steppedUp) throw stepUpRefusal(user);
    return true;
  }

  private async isBuyer(target: StepUpTarget, id: number, user: SessionUser): Promise<boolean> {
    try {
      const { viewer } = target === 'milestone' ? await this.access.requireMilestoneViewer(id, user) : await this.access.requireViewer(id, user);
      return viewer === 'customer';
    } catch (error) {
      // Not found, or not a party: the route's own check gives that answer.
      if (error instanceof DomainError) return false;
      throw error;
    }
  }
}
