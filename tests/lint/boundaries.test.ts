// The import boundaries of eslint.config.js, each proven by a fixture that breaks it. A fixture lives
// outside the linted tree (tests/lint/fixtures, ignored by ESLint and the tsconfigs) and is linted as
// if it were the file its first line names, so its relative imports resolve from there; the import
// that breaks the rule is marked `// forbidden`.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const eslint = new ESLint({ cwd: root });

const NO_RESTRICTED_PATHS = 'import-x/no-restricted-paths';
const NO_CYCLE = 'import-x/no-cycle';

async function lintFixture(name: string) {
  const text = readFileSync(path.join(import.meta.dirname, 'fixtures', name), 'utf8');
  const target = /^\/\/ Linted as (\S+):/.exec(text)?.[1];
  if (!target) throw new Error(`${name}: the first line must name the path it is linted as`);
  const [result] = await eslint.lintText(text, { filePath: path.join(root, target), warnIgnored: true });
  const forbiddenLine = text.split('\n').findIndex((line) => line.endsWith('// forbidden')) + 1;
  return { messages: result!.messages, forbiddenLine };
}

describe('import boundaries', () => {
  it.each([
    ['member-test-imports-server-app.ts', NO_RESTRICTED_PATHS],
    ['member-imports-admin.ts', NO_RESTRICTED_PATHS],
    ['shared-imports-member.ts', NO_RESTRICTED_PATHS],
    ['shared-imports-admin.ts', NO_RESTRICTED_PATHS],
    ['shared-test-imports-server-app.ts', NO_RESTRICTED_PATHS],
    ['admin-imports-server.ts', NO_RESTRICTED_PATHS],
    ['admin-imports-member.ts', NO_RESTRICTED_PATHS],
    ['server-imports-admin.ts', NO_RESTRICTED_PATHS],
    ['server-imports-member.ts', NO_RESTRICTED_PATHS],
    ['feature-imports-feature.ts', NO_RESTRICTED_PATHS],
    ['server-imports-tooling.ts', NO_RESTRICTED_PATHS],
    ['server-route-imports-db.ts', NO_RESTRICTED_PATHS],
    ['server-route-imports-repository.ts', NO_RESTRICTED_PATHS],
    ['server-mapper-imports-service.ts', NO_RESTRICTED_PATHS],
    ['server-db-imports-service.ts', NO_RESTRICTED_PATHS],
    ['server-db-imports-networks.ts', NO_RESTRICTED_PATHS],
    ['server-demo-imports-routes.ts', NO_RESTRICTED_PATHS],
    ['server-cycle.ts', NO_CYCLE],
    ['server-reads-env.ts', 'no-restricted-properties'],
  ])('%s fails %s on its forbidden import, and only there', async (fixture, ruleId) => {
    const { messages, forbiddenLine } = await lintFixture(fixture);
    expect(forbiddenLine).toBeGreaterThan(0);
    expect(messages.map((m) => ({ ruleId: m.ruleId, line: m.line, severity: m.severity }))).toEqual([
      { ruleId, line: forbiddenLine, severity: 2 },
    ]);
  });

  it.each([
    'legal-server-imports.ts',
    'legal-member-imports.ts',
    'legal-server-layers.ts',
    'legal-repository-imports.ts',
  ])('%s: what the boundaries allow passes', async (fixture) => {
    const { messages, forbiddenLine } = await lintFixture(fixture);
    expect(forbiddenLine).toBe(0);
    expect(messages).toEqual([]);
  });
});
