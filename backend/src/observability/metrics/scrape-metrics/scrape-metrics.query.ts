import { notFound, unauthenticated } from '@escrow/domain';
import { Inject } from '@nestjs/common';
import { type IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';

import type { AppConfig } from '../../../config/app-config';
import { APP_CONFIG } from '../../../config/config.tokens';
import { EscrowMetrics } from '../escrow-metrics';
import { bearerMatches } from '../metrics-server';

/** What Prometheus reads: the text exposition format and its media type. */
export interface ScrapedMetrics {
  contentType: string;
  text: string;
}

/**
 * GET /api/metrics: this process's metrics for a scraper that reaches the API only, with
 * `Authorization: Bearer <METRICS_TOKEN>`. Without a configured token the route is not served
 * (404, the same answer as any unknown path); a missing or wrong token is 401.
 */
export class ScrapeMetrics extends Query<ScrapedMetrics> {
  constructor(readonly authorization: string | null) {
    super();
  }
}

@QueryHandler(ScrapeMetrics)
export class ScrapeMetricsHandler implements IQueryHandler<ScrapeMetrics> {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly metrics: EscrowMetrics,
  ) {}

  async execute(query: ScrapeMetrics): Promise<ScrapedMetrics> {
    const token = this.config.metrics.token;
    // Word for word what an unknown path answers: a stranger learns neither that metrics exist
    // here nor how they are turned on (docs/operations.md says so to operators).
    if (!token) throw notFound('route_not_found', 'Cannot GET /api/metrics');
    if (!bearerMatches(query.authorization ?? undefined, token)) {
      throw unauthenticated('metrics_token_required', 'The metrics need Authorization: Bearer with the METRICS_TOKEN of this installation.');
    }
    return { contentType: this.metrics.registry.contentType, text: await this.metrics.scrape() };
  }
}
