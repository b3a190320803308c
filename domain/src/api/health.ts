/** GET /api/health: what load balancers, operators and the console's Operations page read. */
export interface ReadHorizonView {
  /** Age of the oldest transaction holding a transaction id: readers of the global order wait behind it. */
  oldestTransactionSeconds: number | null;
  /** Its client's application_name, when it gave one. */
  application: string | null;
  /** Set past the warning threshold: what is wrong, in words. */
  warning: string | null;
}

export interface HealthView {
  status: 'ok' | 'degraded' | 'down';
  database: { status: 'up' | 'down'; latencyMs?: number; horizon?: ReadHorizonView; error?: string };
  eventStore?: { status: 'up' | 'down'; kind: 'postgres' | 'eventstoredb'; headPosition: string | null; error?: string };
  projectors?: {
    name: string;
    state: string;
    position: string | null;
    lagEvents: number | null;
    lagSeconds: number | null;
    error: string | null;
    parkedStreams: number;
  }[];
}
