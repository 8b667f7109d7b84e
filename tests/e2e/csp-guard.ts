// Setup file of the e2e suite: a test in which the browser reported a
// Content-Security-Policy violation fails, whichever page or popup it happened in.
import { afterAll, afterEach, expect } from 'vitest';
import { takeCspViolations } from './browser';

afterEach(() => {
  expect(takeCspViolations(), 'Content-Security-Policy violations reported by the browser').toEqual([]);
});

// Reports that arrive after a file's last test (a page closing, a late console message).
afterAll(() => {
  expect(takeCspViolations(), 'Content-Security-Policy violations reported by the browser').toEqual([]);
});
