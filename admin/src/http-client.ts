import { HttpError } from 'react-admin';
import { ADMIN_TIMEOUT_MS } from '../../shared/constants';

/**
 * The console's only door to the network (docs/product-rules.md#calls: admin base path /api/admin,
 * cookies sent, 10 000 ms timeout). Injected into the data and auth providers so tests can stub it.
 */
export interface HttpRequestOptions {
  method?: 'GET' | 'POST' | 'PUT';
  /** Serialised as JSON. State-changing calls accept only JSON bodies (CSRF). */
  body?: unknown;
  /**
   * A request the console makes by itself (the dashboard's timed refetch), not on a person's action:
   * sent with BACKGROUND_HEADER so it does not keep the admin session alive (30-minute idle timeout).
   */
  background?: boolean;
}

/** Read by the server (server/plugins/auth.ts): `1` = not user activity. */
export const BACKGROUND_HEADER = 'X-Background-Refresh';

export interface HttpResponse<T = unknown> {
  status: number;
  json: T;
}

export type HttpClient = <T = unknown>(url: string, options?: HttpRequestOptions) => Promise<HttpResponse<T>>;

export const SERVER_ERROR_MESSAGE = 'Server error. Please try again later.';
export const GENERIC_ERROR_MESSAGE = 'Something went wrong. Please try again.';
export const TIMEOUT_MESSAGE = 'The server did not answer within 10 seconds. Please try again.';

interface Options {
  fetch?: typeof fetch;
  timeoutMs?: number;
}

/**
 * Error texts (docs/product-rules.md#errors-and-messages): status 500 or above shows the
 * server-error text; otherwise the response's error field; otherwise the error's own message;
 * failing that the generic text.
 * The error keeps the status (checkError sends a 401 to the login page) and the body.
 */
export function createHttpClient({
  fetch: fetchImpl = globalThis.fetch,
  timeoutMs = ADMIN_TIMEOUT_MS,
}: Options = {}) {
  const client: HttpClient = async <T>(url: string, options: HttpRequestOptions = {}) => {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (options.body !== undefined) headers['Content-Type'] = 'application/json';
    if (options.background) headers[BACKGROUND_HEADER] = '1';
    let response: Response;
    try {
      response = await fetchImpl(url, {
        method: options.method ?? 'GET',
        credentials: 'include',
        headers,
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
        signal: controller.signal,
      });
    } catch (error) {
      if (controller.signal.aborted) throw new HttpError(TIMEOUT_MESSAGE, 0, null);
      throw new HttpError((error as Error)?.message || GENERIC_ERROR_MESSAGE, 0, null);
    } finally {
      clearTimeout(timer);
    }
    const text = await response.text();
    let json: unknown = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = null;
    }
    if (
      !response.ok ||
      (json && typeof json === 'object' && (json as { success?: unknown }).success === false)
    ) {
      throw new HttpError(errorMessage(response.status, json), response.status, json);
    }
    return { status: response.status, json: json as T };
  };
  return client;
}

function errorMessage(status: number, body: unknown): string {
  if (status >= 500) return SERVER_ERROR_MESSAGE;
  const error = (body as { error?: unknown } | null)?.error;
  if (typeof error === 'string' && error) return error;
  return GENERIC_ERROR_MESSAGE;
}

/** The server's own error text when it sent one (shown before the caller's fallback). */
export function serverErrorText(error: unknown): string | null {
  const status = (error as { status?: number } | null)?.status;
  const body = (error as { body?: unknown } | null)?.body;
  const text = (body as { error?: unknown } | null)?.error;
  if (typeof status === 'number' && status >= 500) return null;
  return typeof text === 'string' && text ? text : null;
}

/** The status of an HttpError, or undefined. */
export function errorStatus(error: unknown): number | undefined {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' ? status : undefined;
}
