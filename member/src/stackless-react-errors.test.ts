// @vitest-environment node
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import { SENTINEL_ERRORS, stacklessSentinels } from '../../build/vite-stackless-errors';

// The build step of build/vite-stackless-errors.ts, on the React DOM this app ships: evaluating
// its client module must construct no Error (each one made Chromium re-parse the whole 200 KB chunk
// for the stack's line numbers), and the module must still work.
const require = createRequire(import.meta.url);
const file = path.join(
  path.dirname(require.resolve('react-dom/package.json')),
  'cjs',
  'react-dom-client.production.js',
);
const source = readFileSync(file, 'utf8');

/** Evaluates React DOM's client module, counting every Error it constructs while doing so. */
function evaluate(code: string) {
  let constructed = 0;
  const CountingError = new Proxy(Error, {
    apply(target, self, args: [string?]) {
      constructed++;
      return Reflect.apply(target, self, args);
    },
    construct(target, args: [string?], newTarget) {
      constructed++;
      return Reflect.construct(target, args, newTarget);
    },
  });
  const module = { exports: {} as Record<string, unknown> };
  const context = vm.createContext({ Error: CountingError, require, module, exports: module.exports });
  vm.runInContext(code, context, { filename: file });
  return { constructed, exports: module.exports };
}

describe('React DOM built without module-level errors', () => {
  it('constructs no Error while its client module is evaluated, where the original constructs five', () => {
    expect(evaluate(source).constructed).toBe(SENTINEL_ERRORS.length);
    const { code, replaced } = stacklessSentinels(source);
    expect([...replaced].sort()).toEqual([...SENTINEL_ERRORS].sort());
    const built = evaluate(code);
    expect(built.constructed).toBe(0);
    expect(typeof built.exports.hydrateRoot).toBe('function');
    expect(typeof built.exports.createRoot).toBe('function');
  });

  it('keeps the module strict and its sentinels errors with their message', () => {
    const { code } = stacklessSentinels(source);
    // "use strict" must stay the first statement (only comments before it).
    expect(
      code
        .replace(/\/\*[\s\S]*?\*\//g, '')
        .trimStart()
        .startsWith('"use strict";'),
    ).toBe(true);
    const context = vm.createContext({});
    const make = vm.runInContext(
      `${/function __stacklessError[\s\S]*?\n}\n/.exec(code)![0]}; __stacklessError`,
      context,
    ) as (message: string) => Error;
    const sentinel = make('Minified React error #460');
    expect(sentinel).toBeInstanceOf(vm.runInContext('Error', context) as ErrorConstructor);
    expect(sentinel.message).toBe('Minified React error #460');
    expect(sentinel.stack).toBeUndefined();
  });

  it('leaves other code alone', () => {
    const { code, replaced } = stacklessSentinels('var x = Error("no");');
    expect({ code, replaced }).toEqual({
      code: 'var x = Error("no");',
      replaced: [],
    });
  });
});
