// What each scenario tried and what held. Scenarios write one JSON file each; the global teardown
// adds them up into the run's summary line.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';

export interface Check {
  name: string;
  ok: boolean;
  detail?: string;
}

interface ScenarioFile {
  name: string;
  requests: number;
  checks: Check[];
  skipped?: string;
  ms: number;
}

export class Scenario {
  requests = 0;
  readonly checks: Check[] = [];
  private readonly started = Date.now();

  constructor(
    readonly name: string,
    private readonly reportDir: string,
  ) {}

  /** Records an invariant; a false one is a violation (the test fails at `finish`). */
  check(name: string, ok: boolean, detail?: unknown): boolean {
    this.checks.push({
      name,
      ok,
      detail: ok || detail === undefined ? undefined : JSON.stringify(detail).slice(0, 2000),
    });
    return ok;
  }

  violations(): Check[] {
    return this.checks.filter((c) => !c.ok);
  }

  /** Writes the scenario's record and returns its violations (empty when everything held). */
  finish(): Check[] {
    const file: ScenarioFile = {
      name: this.name,
      requests: this.requests,
      checks: this.checks,
      ms: Date.now() - this.started,
    };
    writeFileSync(
      path.join(this.reportDir, `${Date.now()}-${randomBytes(3).toString('hex')}.json`),
      JSON.stringify(file),
    );
    const v = this.violations();
    const secs = ((Date.now() - this.started) / 1000).toFixed(1);
    console.log(
      `[reliability] ${this.name}: ${this.requests} requests, ${this.checks.length} checks, ` +
        `${v.length} violations (${secs} s)${v.length ? `\n  ${v.map((c) => `${c.name}: ${c.detail}`).join('\n  ')}` : ''}`,
    );
    return v;
  }
}

export function skipScenario(reportDir: string, name: string, reason: string) {
  const file: ScenarioFile = { name, requests: 0, checks: [], skipped: reason, ms: 0 };
  writeFileSync(path.join(reportDir, `${Date.now()}-skip.json`), JSON.stringify(file));
  console.log(`[reliability] SKIPPED ${name}: ${reason}`);
}

export function readSummary(dir: string) {
  let scenarios = 0;
  // Scenarios named "attack: …" are the attack set: counted apart in the summary.
  let attacks = 0;
  let requests = 0;
  let checks = 0;
  let violations = 0;
  const skipped: string[] = [];
  const lines: string[] = [];
  for (const f of readdirSync(dir).sort()) {
    const s = JSON.parse(readFileSync(path.join(dir, f), 'utf8')) as ScenarioFile;
    if (s.skipped) {
      skipped.push(`${s.name} (${s.skipped})`);
      continue;
    }
    scenarios++;
    if (s.name.startsWith('attack:')) attacks++;
    requests += s.requests;
    checks += s.checks.length;
    const bad = s.checks.filter((c) => !c.ok).length;
    violations += bad;
    lines.push(
      `${bad ? 'FAILED' : 'held  '} ${s.name}: ${s.requests.toLocaleString('en-US')} requests, ${s.checks.length} checks${bad ? `, ${bad} violated` : ''}`,
    );
  }
  return { scenarios, attacks, requests, checks, violations, skipped, lines };
}
