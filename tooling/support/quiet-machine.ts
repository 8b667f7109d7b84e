// Measuring a page on a small machine that also runs the measurement. Lighthouse's default
// (simulated) throttling multiplies the wall-clock length of every main-thread task of the audited
// page by the CPU slowdown (about 9-13x here). On a 2-core machine that wall-clock length is not only
// the page's work: a task whose thread waits 5 ms for a core because something else runs (the demo
// server, Lighthouse's own Node process still collecting the previous run's garbage, a database's
// background work) counts as 45-65 ms of a phone's time, which is Total Blocking Time the page did not
// cause. Traces of such runs show main-thread tasks of 10 ms wall-clock with under 2 ms of CPU.
// So each run starts on a quiet machine, and the measuring side yields the CPU to the browser.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';

/** CPU time of the whole machine from /proc/stat: busy and total jiffies, or null off Linux. */
function cpuTimes(): { busy: number; total: number } | null {
  try {
    const line = readFileSync('/proc/stat', 'utf8').split('\n')[0]!;
    const [, ...fields] = line.trim().split(/\s+/);
    const n = fields.map(Number);
    // user nice system idle iowait irq softirq steal: idle and iowait are not busy.
    const total = n.slice(0, 8).reduce((a, b) => a + b, 0);
    const idle = (n[3] ?? 0) + (n[4] ?? 0);
    return { busy: total - idle, total };
  } catch {
    return null;
  }
}

/** Share (0-1) of all the machine's cores busy during the next `ms`; null where /proc/stat is missing. */
export async function busyShare(ms: number): Promise<number | null> {
  const a = cpuTimes();
  await new Promise((r) => setTimeout(r, ms));
  const b = cpuTimes();
  if (!a || !b || b.total === a.total) return null;
  return (b.busy - a.busy) / (b.total - a.total);
}

/** The processes that used the most CPU during the next `ms` (name, pid, share of one core). */
export async function busiestProcesses(ms: number, top = 5): Promise<string[]> {
  const read = () => {
    const out = new Map<number, { name: string; ticks: number }>();
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      try {
        const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
        const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
        const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        // utime and stime: fields 14 and 15 of the file, 12 and 13 after the name.
        out.set(Number(entry), { name, ticks: Number(rest[11]) + Number(rest[12]) });
      } catch {
        /* gone */
      }
    }
    return out;
  };
  try {
    const a = read();
    await new Promise((r) => setTimeout(r, ms));
    const b = read();
    const hz = 100;
    return [...b.entries()]
      .map(([pid, p]) => ({
        pid,
        name: p.name,
        share: (p.ticks - (a.get(pid)?.ticks ?? p.ticks)) / hz / (ms / 1000),
      }))
      .filter((p) => p.share > 0.02)
      .sort((x, y) => y.share - x.share)
      .slice(0, top)
      .map((p) => `${p.name} (${p.pid}) ${Math.round(p.share * 100)} %`);
  } catch {
    return [];
  }
}

export interface QuietWait {
  /** How long the wait took, ms. */
  waitedMs: number;
  /** The busy share of the last window measured (0-1), null where it cannot be read. */
  busy: number | null;
  /** False when the machine never got quiet within the time allowed (the run goes ahead anyway). */
  quiet: boolean;
}

/**
 * Waits until the machine has been quiet (at most `maxBusy` of all its cores busy) for `windows`
 * consecutive windows of `windowMs`, or `timeoutMs` has passed. Between Lighthouse runs the
 * measuring process itself is the usual noise (collecting the previous run's trace), so the wait is
 * normally one or two windows.
 */
export async function waitForQuiet({
  maxBusy = 0.15,
  windowMs = 500,
  windows = 2,
  timeoutMs = 30_000,
}: { maxBusy?: number; windowMs?: number; windows?: number; timeoutMs?: number } = {}): Promise<QuietWait> {
  const started = Date.now();
  let streak = 0;
  let busy: number | null = null;
  while (Date.now() - started < timeoutMs) {
    (globalThis as { gc?: () => void }).gc?.();
    busy = await busyShare(windowMs);
    if (busy === null) return { waitedMs: Date.now() - started, busy, quiet: true };
    streak = busy <= maxBusy ? streak + 1 : 0;
    if (streak >= windows) return { waitedMs: Date.now() - started, busy, quiet: true };
  }
  return { waitedMs: Date.now() - started, busy, quiet: false };
}

/** The thread ids of process `pid` (/proc), or null when it is gone or there is no /proc. */
function threadsOf(pid: number): string[] | null {
  try {
    return readdirSync(`/proc/${pid}/task`);
  } catch {
    return null;
  }
}

/**
 * Lowers the priority (nice `value`) of every thread of process `pid` (Linux keeps the nice value per
 * thread, and Node's worker and garbage-collector threads exist already). Lowering one's own
 * priority needs no privilege. Returns how many threads were changed.
 */
export function yieldCpu(pid: number, value = 10): number {
  let changed = 0;
  for (const tid of threadsOf(pid) ?? [String(pid)]) {
    try {
      os.setPriority(Number(tid), value);
      changed++;
    } catch {
      /* a thread that ended, or a platform without per-thread priorities */
    }
  }
  return changed;
}

/** The descendants of process `root` (children, their children, ...), from /proc, with their command lines. */
function descendants(root: number): { pid: number; cmdline: string }[] {
  const parentOf = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // ppid: the second field after the name.
      parentOf.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      /* gone */
    }
  }
  const out: { pid: number; cmdline: string }[] = [];
  const wanted = new Set([root]);
  for (let grew = true; grew;) {
    grew = false;
    for (const [pid, ppid] of parentOf)
      if (wanted.has(ppid) && !wanted.has(pid)) {
        wanted.add(pid);
        grew = true;
        try {
          out.push({ pid, cmdline: readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ') });
        } catch {
          /* gone */
        }
      }
  }
  return out;
}

/** A Chromium process's type from its command line (`--type=renderer`), undefined for the browser process. */
function processType(cmdline: string): string | undefined {
  return /--type=([\w-]+)/.exec(cmdline)?.[1];
}

/**
 * The audited page's renderer is what Lighthouse times; Chromium's other processes (the browser
 * process, the GPU and utility processes: network, storage) run beside it on the same two cores and,
 * at the same priority, take a core from it in the middle of a task, which simulated throttling then
 * counts as the page's blocking time. They yield to it here (nice `value`, every thread). The zygotes
 * keep the normal priority, so every renderer they fork does too. Call after the launch and before
 * each run (threads started since then). Returns how many threads were changed.
 */
export function yieldBrowserHelpers(browserPid: number, value = 10): number {
  let changed = yieldCpu(browserPid, value);
  for (const { pid, cmdline } of descendants(browserPid)) {
    const type = processType(cmdline);
    if (type === 'gpu-process' || type === 'utility') changed += yieldCpu(pid, value);
  }
  return changed;
}

/** Sets the CPU affinity of every thread of process `pid` to `cpus` (a taskset list, "0" or "1-3"). */
function pin(pid: number, cpus: string): boolean {
  try {
    execFileSync('taskset', ['-a', '-p', '-c', cpus, String(pid)], { stdio: 'ignore' });
    return true;
  } catch {
    return false; // gone, or no taskset: the run goes ahead unpinned
  }
}

/**
 * On a machine with two cores or more, everything that measures or serves the page runs on core 0: the
 * browser process, its GPU and utility processes (network, tracing), this process (Lighthouse: the
 * protocol traffic and the trace), and the demo server with the emulator (the descendants of this
 * process outside Chromium). Chromium's zygotes, and so every renderer they fork (the audited page, the
 * calibration's tab), may run on every core. Nice values (yieldBrowserHelpers) only lower a competitor's
 * share; on two cores a renderer still lost its core in the middle of a task (traces: 45 ms of wall
 * clock for 12 ms of CPU), and simulated throttling multiplied that wait by the slowdown.
 *
 * Until 2026-11-29 the renderers were held to cores 1..n-1. A scheduler trace (`perf sched`) of the
 * dashboard's first frame showed what that cost on two cores: the page's main thread waited, runnable,
 * for 10-19 ms of its 40 ms frame while its own compositor, IO and pool threads and the spare renderer
 * Chromium starts at each navigation ran on its one core, and core 0 stood idle for 14-15 ms of the
 * same frame. Renderers now use both cores, and Lighthouse's Chromium starts no spare renderer
 * (tooling/lighthouse.ts): with both, the page's tasks took 1.53 times their CPU time on the wall
 * clock, where they took 1.89 (docs/benchmarks.md, "Lighthouse"). Returns whether the pinning was made
 * (false on one core or without taskset). Call after the launch and before each run.
 */
export function confineHelpers(browserPid: number): boolean {
  const cores = os.cpus().length;
  if (cores < 2) return false;
  const everyCore = `0-${cores - 1}`;
  const chromium = descendants(browserPid);
  const inChromium = new Set([browserPid, ...chromium.map((p) => p.pid)]);
  let ok = pin(browserPid, '0');
  for (const { pid, cmdline } of chromium) {
    const type = processType(cmdline);
    ok = pin(pid, type === 'zygote' || type === 'renderer' ? everyCore : '0') && ok;
  }
  ok = pin(process.pid, '0') && ok;
  for (const { pid } of descendants(process.pid)) if (!inChromium.has(pid)) pin(pid, '0');
  return ok;
}

/**
 * Puts Chromium's zygotes in the real-time scheduling class (SCHED_FIFO, priority 1), and so every
 * renderer they fork from then on: the audited page and the calibration's tab. Such a thread runs as
 * soon as it is ready, ahead of every normal thread (the browser and GPU processes, Lighthouse, the demo
 * server), and a core that falls idle takes it at once instead of at the next load-balancing tick.
 *
 * Why: simulated throttling multiplies each traced task's wall-clock length by the slowdown (10-15x on
 * a fast host), so every millisecond the page's main thread waits for a core counts as 10-15 ms of a
 * phone's time. With affinity and nice values alone (confineHelpers, yieldBrowserHelpers) the page's
 * tasks still took 1.6 times their CPU time on the wall clock: a scheduler trace (`perf sched`, 8 runs,
 * 2026-11-29) showed the main thread runnable but waiting behind the browser's main thread, Lighthouse,
 * its own compositor and IO threads (which Chromium, running as root, raises to nice -8 above the
 * main thread's 0), and sometimes behind nothing while the other core stood idle. Nice values cannot
 * be set on the renderer's main thread from here: the browser resets it (0 in the foreground, 5 in the
 * background) when it changes the tab's visibility; the scheduling class is kept. With it the page's
 * tasks took 1.1 times their CPU time (docs/decisions/lighthouse-renderers-realtime.md). The kernel's
 * real-time throttling (sched_rt_runtime_us, 95 % of each second by default)
 * keeps a page that never yields from holding the machine.
 *
 * Needs the privilege to raise a priority (root or CAP_SYS_NICE) and `chrt` (util-linux). Returns
 * whether every zygote was moved; without it the run goes ahead as before and the report says so.
 * Call after the launch, before the first navigation.
 */
export function raiseRenderers(browserPid: number): boolean {
  const zygotes = descendants(browserPid).filter(({ cmdline }) => processType(cmdline) === 'zygote');
  if (zygotes.length === 0) return false;
  let ok = true;
  for (const { pid } of zygotes) {
    try {
      execFileSync('chrt', ['--fifo', '--all-tasks', '--pid', '1', String(pid)], { stdio: 'ignore' });
    } catch {
      ok = false; // no privilege, no chrt, or gone
    }
  }
  return ok;
}

/**
 * The browser-process threads that answer the renderer's synchronous requests while it lays out the
 * page (on Linux, each new font size's render style and each font's file: `FontService`, on the
 * thread pool, through the IO thread) run on every core at the normal priority. Pinned to the busy
 * core 0 and niced like the rest of the browser, each answer waited there for 1 to 8 ms while the
 * renderer's layout stood still (traces: WebSandboxSupportLinux::GetWebFontRenderStyleForStrike, 9
 * calls, Layout 71 ms of wall clock for 17 ms of CPU), and simulated throttling multiplied that wait.
 * The renderer is blocked for the whole of such a request, so the thread that answers it takes the
 * page's core from nobody. Call after confineHelpers and yieldBrowserHelpers.
 */
export function freeBrowserResponders(browserPid: number): number {
  const responders = /^(Chrome_IOThread|ThreadPoolForeg|sandbox_ipc_thr)/;
  const all = `0-${Math.max(0, os.cpus().length - 1)}`;
  let changed = 0;
  for (const tid of threadsOf(browserPid) ?? []) {
    try {
      if (!responders.test(readFileSync(`/proc/${browserPid}/task/${tid}/comm`, 'utf8'))) continue;
      execFileSync('taskset', ['-p', '-c', all, tid], { stdio: 'ignore' });
      os.setPriority(Number(tid), 0);
      changed++;
    } catch {
      /* a thread that ended, no taskset, or no permission to raise the priority */
    }
  }
  return changed;
}
