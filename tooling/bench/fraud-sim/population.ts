// The traffic of `npm --prefix tooling run fraud:sim` (tooling/bench/fraud-sim.ts): who signs up, from where, on which
// devices, which offers they do and how fast, drawn from one seed. The plan is made before the run and
// is the same for the run with the trust checks on and the baseline with them off; only the server's
// answers (a reward held, released, denied) change what the members do next (a held reward is spun once
// it is released, a denied one never).
//
// The ground truth (who is honest, who is which kind of fraud) lives here and in the driver only: the
// operator in the loop (operator.ts) sees the review queue and nothing else.

/** A deterministic source of randomness (mulberry32): the same seed, the same month. */
export class Rng {
  private state: number;
  constructor(seed: number) {
    this.state = seed >>> 0 || 1;
  }
  next(): number {
    let t = (this.state = (this.state + 0x6d2b79f5) >>> 0);
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  /** A whole number in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }
  /** A number in [min, max). */
  range(min: number, max: number): number {
    return min + this.next() * (max - min);
  }
  pick<T>(xs: readonly T[]): T {
    return xs[Math.floor(this.next() * xs.length)]!;
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
  shuffle<T>(xs: T[]): T[] {
    for (let i = xs.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      [xs[i], xs[j]] = [xs[j]!, xs[i]!];
    }
    return xs;
  }
  hex(bytes: number): string {
    let s = '';
    for (let i = 0; i < bytes; i++) s += this.int(0, 255).toString(16).padStart(2, '0');
    return s;
  }
}

// ---------------------------------------------------------------------------------------------------
// Addresses. Each range below is one row of the offline ASN dataset the server uses
// (@ip-location-db/asn 2.3.2026061719, asn-ipv4.csv: first address, last address, ASN, organisation),
// chosen among the largest rows of each network. An address is drawn inside its range (never .0 or .255).

interface AddressRange {
  asn: number;
  org: string;
  first: string;
  last: string;
}

const range = (asn: number, org: string, first: string, last: string): AddressRange => ({
  asn,
  org,
  first,
  last,
});

/** Fixed-line home broadband in India. */
export const HOME_BROADBAND: readonly AddressRange[] = [
  range(24560, 'Bharti Airtel (broadband)', '122.160.245.0', '122.165.199.255'),
  range(24560, 'Bharti Airtel (broadband)', '122.176.0.0', '122.177.249.255'),
  range(9829, 'BSNL', '117.192.0.0', '117.255.255.255'),
  range(9829, 'BSNL', '59.88.0.0', '59.99.255.255'),
  range(24309, 'Atria Convergence (ACT Fibernet)', '106.51.158.0', '106.51.254.255'),
  range(24309, 'Atria Convergence (ACT Fibernet)', '49.207.176.0', '49.207.255.255'),
  range(55836, 'Reliance Jio (JioFiber)', '49.32.0.0', '49.45.3.255'),
];

/** Mobile carriers in India (carrier-grade NAT: a new address at nearly every session). */
export const MOBILE_CARRIER: readonly AddressRange[] = [
  range(55836, 'Reliance Jio (mobile)', '157.32.0.0', '157.51.255.255'),
  range(55836, 'Reliance Jio (mobile)', '152.56.0.0', '152.59.255.255'),
  range(45609, 'Bharti Airtel (mobile)', '106.195.32.0', '106.198.255.255'),
  range(45609, 'Bharti Airtel (mobile)', '106.219.184.0', '106.222.191.255'),
];

/** Cloud and hosting providers (an account farm's headless browsers). */
export const DATACENTER: readonly AddressRange[] = [
  range(16509, 'Amazon (AWS)', '3.96.0.0', '3.207.255.255'),
  range(14061, 'DigitalOcean', '46.101.0.0', '46.101.255.255'),
  range(14061, 'DigitalOcean', '206.189.0.0', '206.189.255.255'),
  range(16276, 'OVH', '54.36.0.0', '54.39.255.255'),
  range(16276, 'OVH', '51.254.0.0', '51.255.255.255'),
  range(20473, 'Vultr (The Constant Company)', '45.76.0.0', '45.77.255.255'),
];

/** Networks that commercial VPNs exit from (M247, Datacamp/CDN77). */
export const VPN_EXITS: readonly AddressRange[] = [
  range(9009, 'M247', '146.70.8.0', '146.70.215.255'),
  range(60068, 'Datacamp', '79.127.190.0', '79.127.255.255'),
  range(60068, 'Datacamp', '89.187.160.0', '89.187.191.255'),
  range(212238, 'Datacamp', '85.122.192.0', '85.122.228.255'),
];

const toInt = (a: string) => a.split('.').reduce((n, o) => n * 256 + Number(o), 0);
const toAddress = (n: number) => [24, 16, 8, 0].map((b) => Math.floor(n / 2 ** b) % 256).join('.');

export function addressIn(rng: Rng, ranges: readonly AddressRange[]): string {
  const r = rng.pick(ranges);
  const first = toInt(r.first);
  const last = toInt(r.last);
  for (;;) {
    const n = first + Math.floor(rng.next() * (last - first + 1));
    const low = n % 256;
    if (low !== 0 && low !== 255) return toAddress(n);
  }
}

// ---------------------------------------------------------------------------------------------------
// Offers. Each has its slot table (what its spin can win, ₹ amounts with chances in %) and a kind
// that sets how long a person takes to complete it. The real waits are the click→conversion time
// scaled down (a month in minutes): a person takes 5-48 s here; a bot 30-200 ms. (The server calls a
// conversion fast below a tenth of the offer's median: with surveys' median near 10 s, a bot's postback
// must land within about a second of its click, request latency included, on a loaded machine too.)

export interface OfferPlan {
  title: string;
  category: string;
  /** The partner's payout in USD. */
  payout: number;
  reels: { amount: number; probability: number }[];
  /** A person's click→conversion wait in this run, in real milliseconds [min, max]. */
  humanMs: [number, number];
}

export const OFFERS: readonly OfferPlan[] = [
  {
    title: 'Quick survey: shopping habits',
    category: 'Survey',
    payout: 0.4,
    reels: [
      { amount: 10, probability: 30 },
      { amount: 5, probability: 30 },
    ],
    humanMs: [4_800, 14_400],
  },
  {
    title: 'Survey: mobile data plans',
    category: 'Survey',
    payout: 0.5,
    reels: [
      { amount: 10, probability: 35 },
      { amount: 5, probability: 30 },
    ],
    humanMs: [4_800, 16_000],
  },
  {
    title: 'Install and open: news app',
    category: 'App',
    payout: 0.6,
    reels: [
      { amount: 10, probability: 40 },
      { amount: 25, probability: 10 },
    ],
    humanMs: [8_000, 24_000],
  },
  {
    title: 'Install: food delivery app, first order',
    category: 'App',
    payout: 2.0,
    reels: [
      { amount: 25, probability: 30 },
      { amount: 50, probability: 15 },
    ],
    humanMs: [19_200, 48_000],
  },
  {
    title: 'Register: fantasy cricket',
    category: 'Gaming',
    payout: 1.5,
    reels: [
      { amount: 25, probability: 30 },
      { amount: 10, probability: 30 },
    ],
    humanMs: [12_800, 40_000],
  },
  {
    title: 'Reach level 10: puzzle game',
    category: 'Gaming',
    payout: 1.8,
    reels: [
      { amount: 50, probability: 15 },
      { amount: 25, probability: 25 },
    ],
    humanMs: [24_000, 48_000],
  },
  {
    title: 'Open a savings account',
    category: 'Finance',
    payout: 4.0,
    reels: [
      { amount: 100, probability: 10 },
      { amount: 50, probability: 25 },
    ],
    humanMs: [24_000, 48_000],
  },
  {
    title: 'Trial: music streaming',
    category: 'Subscription',
    payout: 1.2,
    reels: [
      { amount: 25, probability: 25 },
      { amount: 10, probability: 35 },
    ],
    humanMs: [9_600, 32_000],
  },
  {
    title: 'Sign up: shopping cashback',
    category: 'Shopping',
    payout: 0.8,
    reels: [
      { amount: 10, probability: 40 },
      { amount: 25, probability: 10 },
    ],
    humanMs: [8_000, 24_000],
  },
  {
    title: 'Survey: travel plans',
    category: 'Survey',
    payout: 0.5,
    reels: [
      { amount: 10, probability: 30 },
      { amount: 5, probability: 35 },
    ],
    humanMs: [4_800, 16_000],
  },
  {
    title: 'Install: UPI payments app',
    category: 'Finance',
    payout: 1.0,
    reels: [
      { amount: 25, probability: 20 },
      { amount: 10, probability: 40 },
    ],
    humanMs: [12_800, 35_200],
  },
  {
    title: 'Watch and rate: 3 trailers',
    category: 'Video',
    payout: 0.3,
    reels: [
      { amount: 5, probability: 50 },
      { amount: 10, probability: 20 },
    ],
    humanMs: [6_400, 19_200],
  },
];

/** A spin's expected value in ₹ on a table (chances in %). */
export const expectedValue = (reels: readonly { amount: number; probability: number }[]) =>
  reels.reduce((s, r) => s + (r.amount * r.probability) / 100, 0);

/** The free spin's table (shared/slot.ts DEFAULT_SLOT_CONFIG): ₹10 at 20 %, ₹5 at 30 %. */
export const FREE_SPIN_EV = expectedValue([
  { amount: 10, probability: 20 },
  { amount: 5, probability: 30 },
]);

// ---------------------------------------------------------------------------------------------------
// Members.

export const POPULATIONS = ['honest', 'farm', 'ring', 'vpn_hopper', 'bot', 'reversal', 'chain'] as const;
export type Population = (typeof POPULATIONS)[number];

export const POPULATION_LABELS: Record<Population, string> = {
  honest: 'honest members',
  farm: 'account farm on datacenter addresses',
  ring: 'self-referral ring on one home address',
  vpn_hopper: 'VPN-hopping member',
  bot: 'bot-speed conversions (residential addresses)',
  reversal: 'reversal-heavy members',
  chain: 'referral chain',
};

/** The partner's reversal window: it reverses a conversion 3 to 12 simulated days after approving it. */
export const REVERSAL_WINDOW_DAYS = { from: 3, to: 12 } as const;

export interface OfferStep {
  /** Index into OFFERS. */
  offer: number;
  /** Real milliseconds between the click and the partner's approval; null: started, never completed. */
  convertMs: number | null;
  /** The partner reverses the conversion this many simulated days after its approval; null: never. */
  reverseAfterDays: number | null;
  /** Real milliseconds between the approval and the member's spin (a person looks later; a bot at once). */
  spinAfterMs: number;
}

export interface SessionPlan {
  /** Simulated time, in days from the month's start (fractional). */
  at: number;
  /** A fresh sign-in (first visit, new device, signed out); else the member's cookie goes on. */
  signIn: boolean;
  device: string;
  userAgent: string;
  address: string;
  steps: OfferStep[];
}

export interface Actor {
  key: string;
  population: Population;
  fraud: boolean;
  account: { sub: string; email: string; name: string };
  /** The actor whose referral code this one signs up with. */
  referrer: Actor | null;
  sessions: SessionPlan[];
  /** Family members sharing this home address (honest), for the report. */
  household: string | null;
}

const FIRST = [
  'Aarav',
  'Vivaan',
  'Aditya',
  'Vihaan',
  'Arjun',
  'Sai',
  'Reyansh',
  'Ayaan',
  'Krishna',
  'Ishaan',
  'Ananya',
  'Diya',
  'Aadhya',
  'Saanvi',
  'Pari',
  'Anika',
  'Navya',
  'Myra',
  'Sara',
  'Ira',
  'Rohan',
  'Priya',
  'Kavya',
  'Rahul',
  'Neha',
  'Meera',
  'Karan',
  'Pooja',
  'Vikram',
  'Sneha',
];
const LAST = [
  'Sharma',
  'Verma',
  'Iyer',
  'Reddy',
  'Nair',
  'Gupta',
  'Patel',
  'Das',
  'Singh',
  'Menon',
  'Rao',
  'Joshi',
  'Kulkarni',
  'Banerjee',
  'Khan',
  'Pillai',
  'Mehta',
  'Chopra',
  'Bose',
  'Naidu',
];

const MOBILE_UA = [
  'Mozilla/5.0 (Linux; Android 14; SM-A546E) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36',
  'Mozilla/5.0 (Linux; Android 13; Redmi Note 12) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/125.0 Mobile Safari/537.36',
  'Mozilla/5.0 (Linux; Android 14; RMX3771) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
];
const DESKTOP_UA = [
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36',
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
];
const HEADLESS_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/126.0 Safari/537.36';

/** A device: its fingerprint as the member app computes it (a hex digest) and its browser. */
interface Device {
  fingerprint: string;
  userAgent: string;
}
const device = (rng: Rng, ua: readonly string[] | string): Device => ({
  fingerprint: rng.hex(16),
  userAgent: typeof ua === 'string' ? ua : rng.pick(ua),
});

/** Days before the month when the regulars joined (their history is the offers' typical times). */
export const WARMUP_DAYS = 6;

export interface PlanOptions {
  seed: number;
  honest: number;
  days: number;
}

/** The month: every actor with its sessions, ordered by nothing in particular (the driver schedules). */
export function planMonth(opts: PlanOptions): Actor[] {
  const rng = new Rng(opts.seed);
  const tag = `s${opts.seed}-${rng.hex(3)}`;
  let n = 0;
  const account = (label: string) => {
    const id = `${tag}-${label}-${(n++).toString(36)}`;
    const first = rng.pick(FIRST);
    const last = rng.pick(LAST);
    return {
      sub: id,
      email: `${first.toLowerCase()}.${last.toLowerCase()}.${id}@gmail.com`,
      name: `${first} ${last}`,
    };
  };
  const actors: Actor[] = [];
  const D = opts.days;

  /** Which offers an actor does, in order: distinct offers (one completion per member and offer). */
  const offerOrder = () => rng.shuffle(OFFERS.map((_, i) => i));

  const humanStep = (offer: number, p: { complete?: number; reverse?: number } = {}): OfferStep => {
    const [lo, hi] = OFFERS[offer]!.humanMs;
    const completes = rng.chance(p.complete ?? 0.85);
    return {
      offer,
      convertMs: completes ? rng.int(lo, hi) : null,
      reverseAfterDays:
        completes && rng.chance(p.reverse ?? 0.02)
          ? rng.range(REVERSAL_WINDOW_DAYS.from, REVERSAL_WINDOW_DAYS.to)
          : null,
      spinAfterMs: rng.int(500, 6_000),
    };
  };
  const botStep = (offer: number, reverse = 0): OfferStep => ({
    offer,
    convertMs: rng.int(30, 200),
    reverseAfterDays: rng.chance(reverse)
      ? rng.range(REVERSAL_WINDOW_DAYS.from, REVERSAL_WINDOW_DAYS.to)
      : null,
    spinAfterMs: rng.int(20, 200),
  });

  // --- Honest members: homes (some shared by a family) and mobile carriers, human timings. -----------
  // A third of them are regulars who joined in the WARMUP_DAYS before the month and did several offers
  // then: the offers' click-to-conversion history (the fast_conversion signal needs 20 per offer) exists
  // when the month starts, as on a live site.
  const honest: Actor[] = [];
  let left = opts.honest;
  let household = 0;
  while (left > 0) {
    // About a fifth of the members live in a family of 2-4 that shares one home connection.
    const size = rng.chance(0.12) ? Math.min(left, rng.int(2, 4)) : 1;
    const home = addressIn(rng, HOME_BROADBAND);
    const houseKey = size > 1 ? `household-${household++}` : null;
    for (let k = 0; k < size; k++) {
      left--;
      const mobileOnly = size === 1 && rng.chance(0.55);
      // One phone on one carrier: a new carrier-grade NAT address at nearly every session.
      const carrier = [rng.pick(MOBILE_CARRIER)];
      const phone = device(rng, MOBILE_UA);
      const laptop = rng.chance(0.25) ? device(rng, DESKTOP_UA) : null;
      const regular = honest.length % 3 === 0;
      const join = regular ? rng.range(-WARMUP_DAYS, -1) : rng.range(0, D * 0.7);
      const activeDays = regular ? rng.int(4, 6) : rng.int(2, 6);
      const order = offerOrder();
      const sessions: SessionPlan[] = [];
      let at = join;
      let o = 0;
      for (let s = 0; s < activeDays && at < D; s++) {
        const onLaptop = laptop !== null && rng.chance(0.3);
        const dev = onLaptop ? laptop : phone;
        // At home on the home connection; on the phone's carrier otherwise.
        const address = mobileOnly || (!onLaptop && rng.chance(0.4)) ? addressIn(rng, carrier) : home;
        const steps: OfferStep[] = [];
        const perSession = regular && at < 0 ? rng.int(2, 3) : rng.int(1, 2);
        for (let k2 = perSession; k2 > 0 && o < order.length; k2--) steps.push(humanStep(order[o++]!));
        sessions.push({
          at,
          // The first visit signs in; a new device signs in; now and then the session was ended.
          signIn:
            s === 0 ||
            (dev === laptop && !sessions.some((x) => x.device === dev.fingerprint)) ||
            rng.chance(0.15),
          device: dev.fingerprint,
          userAgent: dev.userAgent,
          address,
          steps,
        });
        at += regular && at < 0 ? rng.range(0.5, 2) : rng.range(1, 6);
      }
      const actor: Actor = {
        key: `honest-${honest.length}`,
        population: 'honest',
        fraud: false,
        account: account('h'),
        referrer: null,
        sessions,
        household: houseKey,
      };
      honest.push(actor);
    }
  }
  // Some friends refer each other (different homes, different devices): about 12 % join by a link from
  // a friend who joined earlier.
  const byJoin = [...honest].sort((a, b) => a.sessions[0]!.at - b.sessions[0]!.at);
  for (let i = 5; i < byJoin.length; i++) {
    const a = byJoin[i]!;
    if (a.household || !rng.chance(0.12)) continue;
    const friend = byJoin[rng.int(0, i - 1)]!;
    if (friend.household === null || friend.household !== a.household) a.referrer = friend;
  }
  actors.push(...honest);

  // --- An account farm: headless browsers on cloud addresses, bot-speed completions. ---------------
  const farmDay = rng.range(3, 8);
  for (let i = 0; i < 14; i++) {
    const dev = device(rng, HEADLESS_UA);
    const start = farmDay + Math.floor(i / 5) * rng.range(2, 5) + rng.range(0, 0.08);
    const order = offerOrder();
    const sessions: SessionPlan[] = [];
    for (let s = 0; s < 2; s++)
      sessions.push({
        at: start + s * rng.range(1, 3),
        signIn: s === 0,
        device: dev.fingerprint,
        userAgent: dev.userAgent,
        address: addressIn(rng, DATACENTER),
        steps: order.slice(s * 3, s * 3 + 3).map((o) => botStep(o)),
      });
    actors.push({
      key: `farm-${i}`,
      population: 'farm',
      fraud: true,
      account: account('farm'),
      referrer: null,
      sessions,
      household: null,
    });
  }

  // --- A self-referral ring: one person, one home address, throwaway accounts with random fingerprints,
  // each of which does one offer (at a person's speed: they are done by hand) and never comes back.
  const ringHome = addressIn(rng, HOME_BROADBAND);
  const ringPhone = device(rng, MOBILE_UA);
  const ringStart = rng.range(2, 6);
  const leader: Actor = {
    key: 'ring-leader',
    population: 'ring',
    fraud: true,
    account: account('ring'),
    referrer: null,
    sessions: [],
    household: null,
  };
  const leaderOrder = offerOrder();
  for (let s = 0; s < 4; s++)
    leader.sessions.push({
      at: ringStart + s * rng.range(3, 6),
      signIn: s === 0,
      device: ringPhone.fingerprint,
      userAgent: ringPhone.userAgent,
      address: ringHome,
      steps: [humanStep(leaderOrder[s]!, { complete: 1 })],
    });
  actors.push(leader);
  for (let i = 0; i < 10; i++) {
    // A fresh fingerprint each time (private window, cleared storage): the same browser really.
    const throwaway = device(rng, [ringPhone.userAgent]);
    actors.push({
      key: `ring-${i}`,
      population: 'ring',
      fraud: true,
      account: account('ring'),
      referrer: leader,
      household: null,
      sessions: [
        {
          at: ringStart + 0.2 + Math.floor(i / 4) * rng.range(2, 4) + (i % 4) * rng.range(0.01, 0.04),
          signIn: true,
          device: throwaway.fingerprint,
          userAgent: throwaway.userAgent,
          address: ringHome,
          steps: [
            humanStep(rng.pick(OFFERS.map((_, k) => k).filter((k) => OFFERS[k]!.category === 'Survey')), {
              complete: 1,
            }),
          ],
        },
      ],
    });
  }

  // --- A VPN hopper: a new VPN or hosting exit at every sign-in, a person's speed. ------------------
  {
    const dev = device(rng, DESKTOP_UA);
    const order = offerOrder();
    const sessions: SessionPlan[] = [];
    let at = rng.range(1, 5);
    for (let s = 0; s < 7 && at < D; s++) {
      sessions.push({
        at,
        signIn: true,
        device: dev.fingerprint,
        userAgent: dev.userAgent,
        address: addressIn(rng, rng.chance(0.7) ? VPN_EXITS : DATACENTER),
        steps: [humanStep(order[s]!, { complete: 1 })],
      });
      at += rng.range(1.5, 4);
    }
    actors.push({
      key: 'vpn-hopper',
      population: 'vpn_hopper',
      fraud: true,
      account: account('vpn'),
      referrer: null,
      sessions,
      household: null,
    });
  }

  // --- Bot-speed members: residential addresses, one device each, completions in 50-300 ms. ---------
  for (let i = 0; i < 3; i++) {
    const dev = device(rng, MOBILE_UA);
    const home = addressIn(rng, HOME_BROADBAND);
    const order = offerOrder();
    const sessions: SessionPlan[] = [];
    let at = rng.range(2, 12);
    for (let s = 0; s < 3; s++) {
      sessions.push({
        at,
        signIn: s === 0,
        device: dev.fingerprint,
        userAgent: dev.userAgent,
        address: home,
        steps: order.slice(s * 3, s * 3 + 3).map((o) => botStep(o)),
      });
      at += rng.range(1, 4);
    }
    actors.push({
      key: `bot-${i}`,
      population: 'bot',
      fraud: true,
      account: account('bot'),
      referrer: null,
      sessions,
      household: null,
    });
  }

  // --- Reversal-heavy members: look like people, but the partner reverses most of their conversions.
  for (let i = 0; i < 2; i++) {
    const dev = device(rng, MOBILE_UA);
    const order = offerOrder();
    const sessions: SessionPlan[] = [];
    let at = rng.range(1, 6);
    for (let s = 0; s < 5 && at < D; s++) {
      sessions.push({
        at,
        signIn: s === 0,
        device: dev.fingerprint,
        userAgent: dev.userAgent,
        address: addressIn(rng, MOBILE_CARRIER),
        steps: order.slice(s * 2, s * 2 + 2).map((o) => humanStep(o, { complete: 1, reverse: 0.75 })),
      });
      at += rng.range(1.5, 4);
    }
    actors.push({
      key: `reversal-${i}`,
      population: 'reversal',
      fraud: true,
      account: account('rev'),
      referrer: null,
      sessions,
      household: null,
    });
  }

  // --- A referral chain: one person's accounts, each referred by the previous, made on one phone (the
  // same device, switching Google accounts) on its carrier's addresses; each does one offer then stops.
  {
    let previous: Actor | null = null;
    let at = rng.range(4, 10);
    const carrier = [rng.pick(MOBILE_CARRIER)];
    const dev = device(rng, MOBILE_UA);
    for (let i = 0; i < 7; i++) {
      const actor: Actor = {
        key: `chain-${i}`,
        population: 'chain',
        fraud: true,
        account: account('chain'),
        referrer: previous,
        household: null,
        sessions: [
          {
            at,
            signIn: true,
            device: dev.fingerprint,
            userAgent: dev.userAgent,
            address: addressIn(rng, carrier),
            steps: [humanStep(rng.int(0, OFFERS.length - 1), { complete: 1 })],
          },
        ],
      };
      actors.push(actor);
      previous = actor;
      at += rng.range(0.3, 1.5);
    }
  }
  return actors;
}
