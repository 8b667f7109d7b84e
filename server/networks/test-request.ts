// Tests' way to build a postback as the receiver will see it: the URL exactly as sent, and the query
// parsed from it the way a query-string parser does (repeated names become arrays).
import type { PostbackRequest } from './verify';

export function requestFrom(
  url: string,
  opts: Partial<Omit<PostbackRequest, 'url' | 'query'>> = {},
): PostbackRequest {
  const query: Record<string, string | string[]> = {};
  for (const [k, v] of new URL(url, 'http://receiver.invalid').searchParams) {
    const prev = query[k];
    query[k] = prev === undefined ? v : [...(Array.isArray(prev) ? prev : [prev]), v];
  }
  return { method: 'GET', headers: {}, ip: '203.0.113.10', ...opts, url, query };
}
