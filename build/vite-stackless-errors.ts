// Shared by the member (vite.config.ts) and admin (admin/vite.config.ts) builds.
import MagicString from 'magic-string';
import type { Plugin } from 'vite';

/**
 * React DOM's production client creates five sentinel errors when its module is evaluated
 * (`var SuspenseException = Error(formatProdErrorMessage(460))`, …): values React throws and catches
 * by identity, never shown. Chromium captures a detailed stack trace (line and column of every frame)
 * for each new Error, and the frame of a module's top-level code has its source positions only once
 * V8 has parsed the whole script again: evaluating React DOM's 200 KB chunk re-parsed all of it, 10 to
 * 14 ms of the main thread on the 2-core machine in one task, which simulated throttling made the
 * page's longest task after its first paint (docs/decisions/stackless-react-errors.md; traces show
 * V8.CollectSourcePositions > V8.ParseProgram inside v8.evaluateModule).
 *
 * This build step creates those sentinels without a stack: objects of Error's prototype with the same
 * message, `instanceof Error` as before. React compares them by identity only. The build fails if
 * React's code no longer has them, so that an upgrade that moves them is noticed rather than
 * silently paying the re-parse again.
 */
export const SENTINEL_ERRORS = [
  'HydrationMismatchException',
  'SuspenseException',
  'SuspenseyCommitException',
  'SuspenseActionException',
  'SelectiveHydrationException',
] as const;

const REACT_DOM_CLIENT = /[\\/]react-dom[\\/]cjs[\\/]react-dom-client\.production\.js$/;

/** An Error without a captured stack (no re-parse of the calling script). */
const HELPER = `function __stacklessError(message) {
  return Object.create(Error.prototype, {
    message: { value: message, writable: true, configurable: true },
  });
}
`;

/** React DOM's client source with its module-level sentinel errors created stackless. */
export function stacklessSentinels(code: string): { code: string; replaced: string[]; map: MagicString } {
  const replaced: string[] = [];
  const out = new MagicString(code);
  for (const m of code.matchAll(new RegExp(`\\b(${SENTINEL_ERRORS.join('|')}) = Error\\(`, 'g'))) {
    replaced.push(m[1]!);
    out.overwrite(m.index, m.index + m[0].length, `${m[1]} = __stacklessError(`);
  }
  if (replaced.length) {
    // After the "use strict" directive, which must stay the script's first statement.
    const directive = code.indexOf('"use strict";');
    out.appendLeft(directive === -1 ? 0 : directive + '"use strict";'.length + 1, HELPER);
  }
  return { code: out.toString(), replaced, map: out };
}

export function stacklessReactErrors(): Plugin {
  return {
    name: 'stackless-react-errors',
    apply: 'build',
    transform(code, id) {
      if (!REACT_DOM_CLIENT.test(id)) return null;
      const result = stacklessSentinels(code);
      const missing = SENTINEL_ERRORS.filter((name) => !result.replaced.includes(name));
      if (missing.length)
        this.error(
          `React DOM no longer creates ${missing.join(', ')} as before: review build/vite-stackless-errors.ts`,
        );
      // A source map of the edit, so that profiles still point at React DOM's own lines.
      return { code: result.code, map: result.map.generateMap({ hires: true, source: id }) };
    },
  };
}
