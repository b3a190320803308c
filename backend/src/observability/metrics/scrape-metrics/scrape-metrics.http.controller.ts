import { Controller, Get, Headers, Res } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import type { FastifyReply } from 'fastify';

import { DoesNotRead } from '../../../http/does-not-read';
import { AnswersFile } from '../../../http/openapi';
import { ScrapeMetrics } from './scrape-metrics.query';

/** Prometheus's scrape through the API port, behind METRICS_TOKEN (METRICS_PORT serves the same text on a port of its own). */
@Controller('metrics')
export class ScrapeMetricsController {
  constructor(private readonly queryBus: QueryBus) {}

  @AnswersFile(
    'text/plain',
    "This process's metrics in Prometheus's text format; needs Authorization: Bearer <METRICS_TOKEN> (401 without it, 404 when no token is configured).",
  )
  @Get()
  @DoesNotRead()
  async scrape(@Headers('authorization') authorization: string | undefined, @Res({ passthrough: true }) reply: FastifyReply): Promise<string> {
    const scraped = await this.queryBus.execute(new ScrapeMetrics(authorization ?? null));
    void reply.header('content-type', scraped.contentType);
    return scraped.text;
  }
}
