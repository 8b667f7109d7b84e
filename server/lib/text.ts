// Text the database can store: PostgreSQL text holds neither U+0000 nor a lone UTF-16 surrogate
// (jsonb refuses the escape "\ud800" and UTF-8 cannot encode it), so input carrying either is a 400
// at the edge instead of a database error (a 500) deep inside a call.

/** True when `s` has a lone surrogate (a high surrogate not followed by a low one, or a stray low one). */
export function hasLoneSurrogate(s: string): boolean {
  return LONE_SURROGATE.test(s);
}

// Without the `u` flag a regular expression walks UTF-16 code units, which is what is checked here.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** `s` with each lone surrogate replaced by U+FFFD and NUL removed: safe to store in a log row. */
export function storableText(s: string): string {
  return s.replaceAll('\u0000', '').replace(new RegExp(LONE_SURROGATE.source, 'g'), '\uFFFD');
}

/** The first problem with the text inside a parsed JSON value, query object or form body, if any. */
export function unstorableText(value: unknown, depth = 0): 'nul' | 'surrogate' | null {
  if (typeof value === 'string') {
    if (value.includes('\u0000')) return 'nul';
    return hasLoneSurrogate(value) ? 'surrogate' : null;
  }
  if (depth > 32 || value === null || typeof value !== 'object') return null;
  for (const [k, v] of Object.entries(value)) {
    const problem = unstorableText(k, depth + 1) ?? unstorableText(v, depth + 1);
    if (problem) return problem;
  }
  return null;
}

export const LONE_SURROGATE_MESSAGE =
  'Invalid request: text must be valid Unicode (a lone UTF-16 surrogate such as \\ud800 is not)';

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** `s` safe as HTML text or inside a quoted attribute value of HTML the server writes. */
export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);
}
