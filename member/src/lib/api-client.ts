import { isLoginPath } from '../config/paths';

// The one member API client (spec sections 7 and 8): base path /api, cookies sent, no timeout,
// errors turned into the specification's messages, a 401 sends the member to /login.

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

/** Section 8 order: status >= 500, then the error field, then the error's message, then the fallback. */
export function errorMessageFor(status: number, body: unknown, fallbackMessage?: string | null): string {
  if (status >= 500) return SERVER_ERROR_MESSAGE;
  const field = body && typeof body === 'object' ? (body as { error?: unknown }).error : undefined;
  if (typeof field === 'string' && field.trim() !== '') return field;
  if (fallbackMessage) return fallbackMessage;
  return GENERIC_ERROR_MESSAGE;
}

interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT';
  body?: unknown;
  signal?: AbortSignal;
  /** The call's own section 8 text for a failure without an error field (e.g. 'Failed to process offer click'). */
  fallbackMessage?: string;
}

export async function apiRequest<T>(
  path: string,
  { method = 'GET', body, signal, fallbackMessage }: RequestOptions = {},
): Promise<T> {
  let response: Response;
  try {
    response = await fetch(new URL(`/api${path}`, window.location.origin), {
      method,
      credentials: 'include',
      headers:
        body === undefined
          ? { Accept: 'application/json' }
          : { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    });
  } catch (error) {
    // Network failure: no status, no body; section 8 says "otherwise the error's message".
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
  get: <T>(path: string, signal?: AbortSignal) => apiRequest<T>(path, { signal }),
  post: <T>(path: string, body?: unknown, fallbackMessage?: string) =>
    apiRequest<T>(path, { method: 'POST', body, fallbackMessage }),
};

/** Message for a failed call: the client's text, else a caller-specific fallback (section 8 table). */
export function messageOf(error: unknown, fallback: string): string {
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}
