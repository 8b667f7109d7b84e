// One tsconfig per part (docs/decisions/one-tsconfig-per-part.md): each part sees only the globals of where it runs, and
// every TypeScript file of the tree belongs to exactly one part, so `tsc -b` checks it once, under the
// right settings.
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const PARTS = ['shared', 'server', 'member', 'admin', 'tests'] as const;

function parse(configFile: string): ts.ParsedCommandLine {
  const file = path.join(root, configFile);
  const { config, error } = ts.readConfigFile(file, ts.sys.readFile);
  if (error) throw new Error(ts.flattenDiagnosticMessageText(error.messageText, '\n'));
  return ts.parseJsonConfigFileContent(config, ts.sys, root, undefined, file);
}

/** The diagnostics of `fixture` compiled alone with `part`'s options. */
function checkUnder(part: string, fixture: string): string[] {
  const { options } = parse(`tsconfig.${part}.json`);
  const program = ts.createProgram({
    rootNames: [path.join(import.meta.dirname, 'fixtures', fixture)],
    options: { ...options, composite: false, noEmit: true, emitDeclarationOnly: false },
  });
  return ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
}

describe('one tsconfig per part', () => {
  it.each([
    ['server', 'uses-window.ts', "Cannot find name 'window'"],
    ['shared', 'uses-window.ts', "Cannot find name 'window'"],
    ['shared', 'uses-process.ts', "Cannot find name 'process'"],
    ['member', 'uses-process.ts', "Cannot find name 'process'"],
    ['admin', 'uses-process.ts', "Cannot find name 'process'"],
  ])('%s refuses %s', (part, fixture, message) => {
    const messages = checkUnder(part, fixture);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toContain(message);
  });

  it.each([
    ['server', 'uses-process.ts'],
    ['member', 'uses-window.ts'],
    ['admin', 'uses-window.ts'],
  ])('%s accepts %s', (part, fixture) => {
    expect(checkUnder(part, fixture)).toEqual([]);
  });

  it('puts every file the root tsconfig covers in exactly one part, referenced by the root', () => {
    const rootConfig = parse('tsconfig.json');
    const owners = new Map<string, string[]>();
    for (const part of PARTS) {
      for (const file of parse(`tsconfig.${part}.json`).fileNames) {
        owners.set(file, [...(owners.get(file) ?? []), part]);
      }
    }
    const orphans = rootConfig.fileNames.filter((f) => !owners.has(f));
    const shared = [...owners].filter(([, parts]) => parts.length > 1);
    expect(orphans).toEqual([]);
    expect(shared).toEqual([]);
    expect(rootConfig.projectReferences?.map((r) => path.basename(r.path)).sort()).toEqual(
      PARTS.map((p) => `tsconfig.${p}.json`).sort(),
    );
  });
});
