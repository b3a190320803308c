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

/** GET /api/health/live: the process runs and answers; an orchestrator restarts it when this fails. */
export interface LivenessView {
  status: 'live';
  uptimeSeconds: number;
}

/**
 * GET /api/health/ready: 200 when this process can serve (its database answers, every migration
 * is applied, none of the projectors it runs is stopped), 503 with the reasons otherwise; an
 * orchestrator sends it no traffic meanwhile.
 */
export interface ReadinessView {
  status: 'ready' | 'not_ready';
  checks: {
    database: 'up' | 'down';
    /** unknown: the database did not answer. */
    migrations: 'applied' | 'pending' | 'unknown';
    /** not run here: RUN_PROJECTIONS=false, a worker runs them. */
    projectors: 'running' | 'stopped' | 'not run here' | 'unknown';
  };
  /** What keeps it from being ready, in words; empty when ready. */
  reasons: string[];
}

// ---- The projection runner, for operators (GET /api/admin/projections and its actions) ----

/** A stream a projector parked after one of its events failed: its later events wait for a resume. */
export interface ParkedStreamView {
  projector: string;
  streamId: string;
  eventId: string;
  type: string;
  position: string;
  error: string;
  parkedAt: string;
  retriedAt: string | null;
}

/** One table of a rebuild set beside its live copy. */
export interface TableComparisonView {
  table: string;
  liveRows: number;
  rebuiltRows: number;
  equal: boolean;
}

/**
 * What a rebuild found when it set its fresh tables beside the live ones at the same position:
 * either every table's rows, or why no comparison was possible.
 */
export type RebuildComparisonView = { compared: true; equal: boolean; position: string; tables: TableComparisonView[] } | { compared: false; reason: string };

/** The last rebuild of a projector, by any process. */
export interface RebuildStatusView {
  state: 'running' | 'finished' | 'failed';
  done: number;
  total: number | null;
  startedAt: string;
  finishedAt: string | null;
  /** A running rebuild whose heartbeat is older than a minute: its process died. */
  stale: boolean;
  error: string | null;
  comparison: RebuildComparisonView | null;
}

/** A projector's position, lag and failures, as the projection runner reports them. */
export interface ProjectorStatus {
  name: string;
  version: number;
  /** The version its tables were built by; a different one needs a rebuild. */
  storedVersion: number | null;
  /** running | standby (another runner holds it) | stopped (failed event) | rebuilding | not running here | never run */
  state: string;
  position: string | null;
  lagEvents: number | null;
  lagSeconds: number | null;
  eventsApplied: number;
  lastEventAt: string | null;
  error: string | null;
  failedEventId: string | null;
  openDeadLetters: number;
  /** Streams parked after a failed event: their later events wait for a resume. */
  parkedStreams: ParkedStreamView[];
  lastRebuild: RebuildStatusView | null;
}

/** GET /api/admin/projections: a projector's status, and whether this process is rebuilding it. */
export interface ProjectorStatusView extends ProjectorStatus {
  rebuilding_here: boolean;
}

/** POST /api/admin/projections/{name}/rebuild (202): the rebuild started; its progress shows in the status. */
export interface ProjectorRebuildStarted {
  projector: string;
  started: true;
}

/** POST /api/admin/projections/{name}/resume: whether a stopped projector or a parked stream went on. */
export interface ProjectorResumed {
  projector: string;
  resumed: boolean;
}

/** GET /api/admin/projections/{name}/dead-letters: an event a stopped projector could not apply. */
export interface DeadLetterRow {
  id: number;
  event_id: string;
  stream_id: string;
  position: string;
  type: string;
  data: Record<string, unknown>;
  error: string;
  failed_at: string;
}
