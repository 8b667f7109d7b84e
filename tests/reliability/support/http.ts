// A small HTTP client over keep-alive sockets (node:http), for load against real server processes.
import http from 'node:http';

export interface HttpResult {
  status: number;
  body: string;
  json: Record<string, unknown> | null;
  /** When the request was handed to the socket layer and when its answer arrived (ms, monotonic). */
  sentAt: number;
  doneAt: number;
  /** Set when the request never got an answer (connection refused or reset). */
  error?: string;
}

export class HttpClient {
  private readonly agent: http.Agent;
  requests = 0;

  constructor(maxSockets = 256) {
    this.agent = new http.Agent({ keepAlive: true, maxSockets });
  }

  request(
    method: string,
    url: string,
    opts: { cookie?: string; body?: unknown; headers?: Record<string, string>; timeoutMs?: number } = {},
  ): Promise<HttpResult> {
    this.requests++;
    const payload = opts.body === undefined ? undefined : JSON.stringify(opts.body);
    const headers: Record<string, string> = { ...(opts.headers ?? {}) };
    if (opts.cookie) headers.cookie = opts.cookie;
    if (payload !== undefined) {
      headers['content-type'] = 'application/json';
      headers['content-length'] = String(Buffer.byteLength(payload));
    }
    const sentAt = performance.now();
    return new Promise((resolve) => {
      const req = http.request(url, { method, headers, agent: this.agent }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const body = Buffer.concat(chunks).toString('utf8');
          let json: Record<string, unknown> | null = null;
          try {
            json = JSON.parse(body) as Record<string, unknown>;
          } catch {
            json = null;
          }
          resolve({ status: res.statusCode ?? 0, body, json, sentAt, doneAt: performance.now() });
        });
        res.on('error', (err) =>
          resolve({ status: 0, body: '', json: null, sentAt, doneAt: performance.now(), error: err.message }),
        );
      });
      req.setTimeout(opts.timeoutMs ?? 60_000, () => req.destroy(new Error('timeout')));
      req.on('error', (err) =>
        resolve({ status: 0, body: '', json: null, sentAt, doneAt: performance.now(), error: err.message }),
      );
      if (payload !== undefined) req.write(payload);
      req.end();
    });
  }

  close() {
    this.agent.destroy();
  }
}

/** Runs the tasks with at most `concurrency` in flight; results keep the tasks' order. */
export async function runPool<T>(tasks: (() => Promise<T>)[], concurrency: number): Promise<T[]> {
  const results = new Array<T>(tasks.length);
  let next = 0;
  const worker = async () => {
    for (;;) {
      const i = next++;
      if (i >= tasks.length) return;
      results[i] = await tasks[i]!();
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, tasks.length) }, worker));
  return results;
}

export function shuffle<T>(items: T[]): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
  return items;
}

export function countBy<T>(items: T[], key: (t: T) => string | number): Record<string, number> {
  const out: Record<string, number> = {};
  for (const it of items) {
    const k = String(key(it));
    out[k] = (out[k] ?? 0) + 1;
  }
  return out;
}
