import { type Answer, type ApiClient, newKey, NoAnswerError } from './http-client';

/** One HTTP answer a client got, for the checks after the run. */
export interface AnswerRecord {
  /** When the request went out and when its answer came back (ms since the epoch). */
  sentAt: number;
  at: number;
  method: string;
  path: string;
  key: string | null;
  status: number | 'no answer';
  message: string | null;
  attempt: number;
}

/** A definite answer that was not a success (and not among those the caller accepts). */
export class RefusedAnswer extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly refusal: string | null,
  ) {
    super(message);
  }
}

/**
 * Sends commands the way a careful client does: each command gets its own Idempotency-Key, and a
 * 503 (or no answer at all) is retried with the same key until an answer says what happened.
 * Every answer is recorded.
 */
export class RetryingCommands {
  readonly answers: AnswerRecord[] = [];

  constructor(
    private readonly retryDelayMs = 250,
    private readonly giveUpAfterMs = 120_000,
  ) {}

  async send<T = any>(
    client: ApiClient,
    method: 'POST' | 'PUT',
    path: string,
    body: unknown,
    options: { key?: string; accept?: number[] } = {},
  ): Promise<Answer<T>> {
    const key = options.key ?? newKey();
    const deadline = Date.now() + this.giveUpAfterMs;
    for (let attempt = 1; ; attempt++) {
      let answer: Answer<T> | null = null;
      const sentAt = Date.now();
      try {
        answer = await client.request<T>(method, path, body, key);
        this.answers.push({ sentAt, at: Date.now(), method, path, key, status: answer.status, message: messageOf(answer.body), attempt });
      } catch (error) {
        if (!(error instanceof NoAnswerError)) throw error;
        this.answers.push({ sentAt, at: Date.now(), method, path, key, status: 'no answer', message: error.message, attempt });
      }
      if (answer && answer.status !== 503) {
        if (answer.status < 300 || options.accept?.includes(answer.status)) return answer;
        throw new RefusedAnswer(
          `${method} ${path} (key ${key}) answered ${answer.status}: ${JSON.stringify(answer.body)}`,
          answer.status,
          messageOf(answer.body),
        );
      }
      if (Date.now() > deadline) throw new Error(`${method} ${path} (key ${key}) got no definite answer within ${this.giveUpAfterMs} ms`);
      await new Promise((r) => setTimeout(r, this.retryDelayMs));
    }
  }

  /**
   * A GET retried on 503 until `accept` likes what it sees. `notYet` lists answers that only mean
   * "not visible to this client yet": another user's change made through another API process
   * reaches this one's read models a moment later (read-your-writes holds per client, not across
   * users), so its 404 is asked again too.
   */
  async read<T = any>(client: ApiClient, path: string, accept: (body: T) => boolean = () => true, notYet: number[] = []): Promise<T> {
    const deadline = Date.now() + this.giveUpAfterMs;
    for (let attempt = 1; ; attempt++) {
      const sentAt = Date.now();
      try {
        const answer = await client.get<T>(path);
        this.answers.push({ sentAt, at: Date.now(), method: 'GET', path, key: null, status: answer.status, message: messageOf(answer.body), attempt });
        if (answer.status === 200 && accept(answer.body)) return answer.body;
        if (answer.status !== 200 && answer.status !== 503 && !notYet.includes(answer.status))
          throw new Error(`GET ${path} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
      } catch (error) {
        if (!(error instanceof NoAnswerError)) throw error;
        this.answers.push({ sentAt, at: Date.now(), method: 'GET', path, key: null, status: 'no answer', message: error.message, attempt });
      }
      if (Date.now() > deadline) throw new Error(`GET ${path} did not show what was expected within ${this.giveUpAfterMs} ms`);
      await new Promise((r) => setTimeout(r, this.retryDelayMs));
    }
  }
}

function messageOf(body: unknown): string | null {
  return body && typeof body === 'object' && typeof (body as { message?: unknown }).message === 'string' ? (body as { message: string }).message : null;
}
