import { isLoginPath } from '../config/paths';
import type { MemberApiPath } from '../../../shared/contract/paths';

// The one member API client (docs/product-rules.md#calls and #errors-and-messages): base path
// /api, cookies sent, no timeout, errors turned into the product's messages, a 401 sends the member
// to /login.

export const SERVER_ERROR_MESSAGE = 'Server error. Please try again later.';
export const GENERIC_ERROR_MESSAGE = 'Something went wrong. Please try again.';

export class ApiError extends Error {
  readonly status: number;
  /** The response's own `error` text, when it had one. */
  readonly serverMessage: string | null;
  constructor(message: string, status: number, serverMessage: string | null = null) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.serverMessage = serverMessage;
  }
}

type UnauthorizedHandler = () => void;

const defaultUnauthorizedHandler: UnauthorizedHandler = () => {
  window.location.assign('/login');
};
let unauthorizedHandler: UnauthorizedHandler = defaultUnauthorizedHandler;

/** The app installs a router-aware handler so a 401 navigates without a full reload. */
export function setUnauthorizedHandler(handler: UnauthorizedHandler | null): void {
  unauthorizedHandler = handler ?? defaultUnauthorizedHandler;
}

/**
 * The order of docs/product-rules.md#errors-and-messages: status >= 500, then the error field, then
 * the error's message, then the fallback.
 */
export function errorMessageFor(status: number, body: unknown, fallbackMessage?: string | null): string {
  if (status >= 500) return SERVER_ERROR_MESSAGE;
  const field = body && typeof body === 'object' ? (body as { error?: unknown }).error : undefined;
  if (typeof field === 'string' && field.trim() !== '') return field;
  if (fallbackMessage) return fallbackMessage;
  return GENERIC_ERROR_MESSAGE;
}

// A member page opened directly waits for its chunks, then the IndexedDB restore, then the session
// check, then its own data, one after the other. `startEarly` sends those GETs as the app boots,
// in parallel; the first matching call within EARLY_MAX_AGE_MS takes the answer instead of asking
// again (so the query, its persistence and its error rules are unchanged). Older answers are dropped.
export const EARLY_MAX_AGE_MS = 10_000;
const early = new Map<string, { at: number; response: Promise<Response> }>();

function send(path: string, method: string, body: unknown, signal?: AbortSignal): Promise<Response> {
  return fetch(new URL(`/api${path}`, window.location.origin), {
    method,
    credentials: 'include',
    headers:
      body === undefined
        ? { Accept: 'application/json' }
        : { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal,
  });
}

export function startEarly(paths: readonly string[]): void {
  for (const path of paths) {
    const response = send(path, 'GET', undefined);
    // Unused or failed early answers are not errors of their own: the real call reports them.
    response.catch(() => undefined);
    early.set(path, { at: Date.now(), response });
  }
}

/** Drops answers nobody took (tests: one test's answers must not reach the next). */
export function clearEarly(): void {
  early.clear();
}

function takeEarly(path: string): Promise<Response> | null {
  const entry = early.get(path);
  if (!entry) return null;
  early.delete(path);
  return Date.now() - entry.at <= EARLY_MAX_AGE_MS ? entry.response : null;
}

interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT';
  body?: unknown;
  signal?: AbortSignal;
  /** The call's own text for a failure without an error field (e.g. 'Failed to process offer click'). */
  fallbackMessage?: string;
}

export async function apiRequest<T>(
  path: string,
  { method = 'GET', body, signal, fallbackMessage }: RequestOptions = {},
): Promise<T> {
  let response: Response;
  try {
    const started = method === 'GET' ? takeEarly(path) : null;
    response = await (started ?? send(path, method, body, signal));
  } catch (error) {
    // Network failure: no status, no body; the error's own message is shown.
    const message = error instanceof Error && error.message ? error.message : GENERIC_ERROR_MESSAGE;
    throw new ApiError(message, 0);
  }

  let data: unknown = null;
  const text = await response.text().catch(() => '');
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = null;
    }
  }

  const failed =
    !response.ok ||
    (data !== null && typeof data === 'object' && (data as { success?: unknown }).success === false);
  if (failed) {
    if (response.status === 401 && !isLoginPath(window.location.pathname)) unauthorizedHandler();
    const field = data && typeof data === 'object' ? (data as { error?: unknown }).error : undefined;
    const serverMessage = typeof field === 'string' && field.trim() !== '' ? field : null;
    throw new ApiError(
      errorMessageFor(response.status, data, fallbackMessage),
      response.status,
      serverMessage,
    );
  }
  return data as T;
}

export const api = {
  get: <T>(path: MemberApiPath, signal?: AbortSignal) => apiRequest<T>(path, { signal }),
  post: <T>(path: MemberApiPath, body?: unknown, fallbackMessage?: string) =>
    apiRequest<T>(path, { method: 'POST', body, fallbackMessage }),
};

/** A call that reached no server (offline, or the connection dropped): no status, no body. */
export function isNetworkFailure(error: unknown): boolean {
  return error instanceof ApiError && error.status === 0;
}

/** Message for a failed call: the client's text, else the caller's fallback ('Failed to start offer', …). */
export function messageOf(error: unknown, fallback: string): string {
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}
