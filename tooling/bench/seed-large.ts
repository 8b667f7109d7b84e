// `npm --prefix tooling run seed:large`: fills a PostgreSQL database (DATABASE_URL, required) with the scale of the
// performance bar (docs/product-rules.md#performance-bar) for `npm --prefix tooling run bench:admin`: 100,000 users,
// 1,000,000 clicks and completions, 200,000 vouchers, 30,000 referrals. Set-based SQL
// (generate_series, INSERT ... SELECT): a few minutes.
//
// Shape: users registered over a year with growth (more recent users); completions per member
// follow a long tail (about a quarter none, most a handful, 2% heavy users with up to 150); one click
// per completion; 97% approved, 2% pending, 1% reversed; 85% of approved ones spun, 15% of spins won a
// voucher; referrers skewed towards early members. Every counter on users and offers is computed
// from the rows, as the member-side transactions keep them.
//
// It refuses a database that already has users unless --reset is given (which empties every table).
import pg from 'pg';
import { migrate, openDatabase } from '../../server/db/client';

const USERS = 100_000;
const COMPLETIONS = 1_000_000;
const VOUCHERS = 200_000;
const REFERRALS = 30_000;
const OFFERS = 200;

const steps: [string, string][] = [
  [
    'offers',
    `insert into offers (title, description, offer_url, preview_url, external_offer_id, network, category, model,
                         targeting, reward_amount, slot_config, is_active, created_at)
     select 'Offer ' || i || ' ' || (array['Quest','Shop','Bank','Stream','Learn','Fit','Trip','Food','Cloud','Style','Play','Match','Bill'])[1 + i % 13],
            'Complete step ' || i, 'https://partner.example/o/' || i || '?click_id={click_id}',
            'https://preview.example/' || i, 'large_offer_' || i, 'bench',
            (array['Gaming','Shopping','Finance','Entertainment','Education','Health','Travel','Food','Technology','Fashion','Sports','Dating','Utilities'])[1 + i % 13],
            (array['CPR','CPA','CPI','CPL','CPS','CPM','Revenue Share'])[1 + i % 7],
            'ALL', (5 + (i * 7) % 150), '{"reels":[{"amount":10,"probability":20},{"amount":50,"probability":5}]}'::jsonb,
            i % 10 <> 0, now() - ((400 - i * 2) || ' days')::interval
     from generate_series(1, ${OFFERS}) i`,
  ],
  [
    'users',
    // Ids are chronological: registration grows towards today (power 0.7).
    `insert into users (id, firebase_uid, email, first_name, last_name, registration_method, referral_code,
                        device_fingerprint, registration_date)
     select i, 'large-' || i, 'user' || i || '@' || (array['gmail.com','yahoo.in','outlook.com','example.com'])[1 + i % 4],
            (array['Aarav','Vivaan','Aditya','Vihaan','Arjun','Sai','Reyansh','Ayaan','Krishna','Ishaan','Ananya','Diya','Aadhya','Saanvi','Pari','Myra','Anika','Navya','Kiara','Riya'])[1 + i % 20],
            (array['Sharma','Verma','Gupta','Singh','Kumar','Patel','Reddy','Iyer','Nair','Das','Rao','Shah','Mehta','Joshi','Khan'])[1 + (i / 20) % 15],
            case when i % 10 = 0 then 'email' else 'firebase' end,
            'L' || upper(lpad(to_hex(i), 7, '0')), 'fp' || i,
            now() - interval '365 days' + (power(i::float / ${USERS}, 0.7) * interval '365 days') - interval '1 minute'
     from generate_series(1, ${USERS}) i`,
  ],
  ['users sequence', `select setval('users_id_seq', ${USERS})`],
  [
    'completion plan',
    `create temporary table plan as
     with counts as (
       select u.id as user_id, u.registration_date,
              case when random() < 0.02 then 20 + floor(random() * 130)::int
                   else floor(power(random(), 3) * 40)::int end as n
       from users u
     ), rows as (
       select c.user_id, c.registration_date, j, random() as r
       from counts c, generate_series(0, c.n - 1) j
     )
     select row_number() over () as seq, user_id, registration_date,
            -- distinct offers per member: a stride through the offers from a per-member start
            1 + ((user_id * 37 + j) % ${OFFERS}) as offer_id
     from (select * from rows order by r limit ${COMPLETIONS}) picked`,
  ],
  [
    'completion attributes',
    `create temporary table conv as
     select seq, user_id, offer_id,
            'k' || md5(seq::text || 'click') as click_id,
            case when x < 0.97 then 'approved' when x < 0.99 then 'pending' else 'reversed' end as status,
            registration_date + (now() - registration_date) * power(random(), 0.5) as at,
            round((0.2 + power(random(), 2) * 8)::numeric, 4) as payout,
            random() < 0.85 as spun, random() < 0.15 as won
     from (select p.*, random() as x from plan p) p`,
  ],
  [
    'clicks',
    `insert into clicks (id, user_id, offer_id, created_at, ip, user_agent)
     select click_id, user_id, offer_id, at - (random() * interval '2 hours'), '10.0.0.1', 'bench'
     from conv`,
  ],
  [
    'completions',
    `insert into completions (id, user_id, offer_id, click_id, network, transaction_id, status, payout_amount,
                              created_at, completed_at, reversed_at, spinner_used, reward_type)
     select seq, user_id, offer_id, click_id, 'bench', 'txn-' || seq, status, payout, at,
            case when status = 'pending' then null else at end,
            case when status = 'reversed' then at + interval '1 day' end,
            status = 'approved' and spun, 'none'
     from conv`,
  ],
  ['completions sequence', `select setval('completions_id_seq', (select max(id) from completions))`],
  [
    'first completions',
    `update completions c set is_first_completion = true
     from (select distinct on (user_id) id from completions where status = 'approved'
           order by user_id, completed_at, id) f
     where c.id = f.id`,
  ],
  [
    'vouchers',
    // Amount weights favour small vouchers; brand and type cycle.
    `insert into vouchers (id, voucher_code, voucher_brand, voucher_type, voucher_amount, voucher_description,
                           voucher_terms, status, expiry_date, created_at)
     select i, (array['AMZ','FLP','SWG','MYN','ZOM','NYK','BBK','UBR'])[1 + i % 8] || '-' || i || '-' || upper(substr(md5(i::text), 1, 6)),
            (array['Amazon','Flipkart','Swiggy','Myntra','Zomato','Nykaa','BigBasket','Uber'])[1 + i % 8],
            (array['Gift Card','Gift Card','Gift Card','Cashback','Discount','Credit'])[1 + i % 6],
            (array[5,10,10,20,20,50,50,100,250,500,1000,2000])[1 + (i * 7) % 12],
            'Bench voucher', 'Valid online', 'available',
            (current_date + ((i * 13) % 420 - 30))::date,
            now() - ((i % 400) || ' days')::interval
     from generate_series(1, ${VOUCHERS}) i`,
  ],
  ['vouchers sequence', `select setval('vouchers_id_seq', ${VOUCHERS})`],
  [
    'offer wins',
    // The n-th winning spin takes the n-th voucher (never more than the stock).
    `create temporary table wins as
     select w.completion_id, w.user_id, w.at, v.id as voucher_id, v.voucher_amount
     from (select c.id as completion_id, c.user_id, c.completed_at as at, row_number() over (order by c.id) as n
           from completions c join conv on conv.seq = c.id
           where c.status = 'approved' and c.spinner_used and conv.won) w
     join (select id, voucher_amount, row_number() over (order by id) as n from vouchers) v on v.n = w.n
     where w.n <= ${Math.floor(VOUCHERS * 0.6)}`,
  ],
  [
    'assign offer wins',
    `update vouchers v set status = case when v.id % 2 = 0 then 'used' else 'assigned' end,
            assigned_to_user_id = w.user_id, assigned_at = w.at, assignment_context = 'offer_completion',
            completion_id = w.completion_id
     from wins w where v.id = w.voucher_id`,
  ],
  [
    'completion rewards',
    `update completions c set voucher_id = w.voucher_id,
            reward_type = 'voucher_' || trim(to_char(w.voucher_amount, 'FM999999990.##'), '.')
     from wins w where c.id = w.completion_id`,
  ],
  [
    'referrals',
    // Referred members are later sign-ups; referrers skew to early members (power 3).
    `insert into referrals (referrer_user_id, referred_user_id, referral_code, same_device, created_at)
     select greatest(1, floor(r.id * power(random(), 3))::int), r.id, '', random() < 0.05, u.registration_date
     from (select id from users where id > 1000 order by random() limit ${REFERRALS}) r
     join users u on u.id = r.id
`,
  ],
  [
    'referral codes',
    `update referrals f set referral_code = u.referral_code from users u
     where u.id = f.referrer_user_id and f.referrer_user_id <> f.referred_user_id`,
  ],
  [
    'referral progress',
    `update referrals f set
            status = case when f.same_device then 'completed_waiting' else 'successful' end,
            first_completion_id = c.id, first_completion_date = c.completed_at,
            free_spins_granted = case when f.same_device then 0 else 1 end,
            reward_granted_at = case when f.same_device then null else c.completed_at end
     from completions c
     where c.user_id = f.referred_user_id and c.is_first_completion`,
  ],
  [
    'referral completions',
    `update completions c set completion_type = 'triggered_referral_reward', referral_reward_processed = true
     from referrals f where f.first_completion_id = c.id and f.status = 'successful'`,
  ],
  [
    'referred users',
    `update users u set referred_by_user_id = f.referrer_user_id, referred_by_code = f.referral_code
     from referrals f where f.referred_user_id = u.id`,
  ],
  [
    'free-spin wins',
    // A third of granted free spins were spun; a third of those won (referral reward vouchers).
    `update vouchers v set status = 'assigned', assigned_to_user_id = f.referrer_user_id,
            assigned_at = f.reward_granted_at + interval '1 hour', assignment_context = 'free_spin_from_referral'
     from (select f.*, row_number() over (order by f.id) as n from referrals f
           where f.status = 'successful' and f.id % 9 = 0) f
     join (select id, row_number() over (order by id desc) as n from vouchers where status = 'available') s on s.n = f.n
     where v.id = s.id`,
  ],
  [
    'expired and past stock',
    `update vouchers set status = 'expired' where status = 'available' and id % 20 = 0`,
  ],
  [
    'user counters',
    `update users u set
            total_completions = coalesce(c.n, 0), total_revenue_generated = coalesce(c.revenue, 0),
            spins_used = coalesce(c.spins, 0) + coalesce(fs.used, 0),
            total_vouchers_won = coalesce(vw.n, 0), total_voucher_value = coalesce(vw.value, 0),
            total_referrals = coalesce(r.total, 0), successful_referrals = coalesce(r.successful, 0),
            total_free_spins_earned = coalesce(r.successful, 0),
            free_spins_remaining = coalesce(r.successful, 0) - coalesce(fs.used, 0),
            last_activity = greatest(u.registration_date, c.last_at)
     from users u2
     left join (select user_id, count(*) filter (where status = 'approved') as n,
                       sum(payout_amount) filter (where status = 'approved') as revenue,
                       count(*) filter (where status = 'approved' and spinner_used) as spins,
                       max(completed_at) as last_at
                from completions group by user_id) c on c.user_id = u2.id
     left join (select assigned_to_user_id as user_id, count(*) as n, sum(voucher_amount) as value
                from vouchers where assignment_context in ('offer_completion', 'free_spin_from_referral')
                group by 1) vw on vw.user_id = u2.id
     left join (select referrer_user_id as user_id, count(*) as total,
                       count(*) filter (where status = 'successful') as successful
                from referrals group by 1) r on r.user_id = u2.id
     left join (select referrer_user_id as user_id, count(*) as used from referrals
                where status = 'successful' and id % 3 = 0 group by 1) fs on fs.user_id = u2.id
     where u.id = u2.id`,
  ],
  [
    'offer counters',
    `update offers o set total_completions = coalesce(c.n, 0), unique_users = coalesce(c.n, 0),
            total_revenue = coalesce(c.revenue, 0), spins_used = coalesce(c.spins, 0), rewards_won = coalesce(c.won, 0),
            total_voucher_value = coalesce(c.won_value, 0)
     from offers o2
     left join (select c.offer_id, count(*) as n, sum(c.payout_amount) as revenue,
                       count(*) filter (where c.spinner_used) as spins, count(c.voucher_id) as won,
                       sum(v.voucher_amount) as won_value
                from completions c left join vouchers v on v.id = c.voucher_id
                where c.status = 'approved' group by 1) c on c.offer_id = o2.id
     where o.id = o2.id`,
  ],
  ['vacuum analyze', 'vacuum analyze'],
];

async function main() {
  const url = process.env.DATABASE_URL;
  if (!url) {
    console.error('seed:large needs a PostgreSQL database: set DATABASE_URL (it never writes to PGlite).');
    process.exit(2);
  }
  const reset = process.argv.includes('--reset');
  const database = await openDatabase({ databaseUrl: url, poolMax: 1 });
  await migrate(database.db);
  await database.close();

  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: string }>('select count(*) as n from users');
    if (Number(rows[0]!.n) > 0) {
      if (!reset) {
        console.error('The database already has users. Run with --reset to empty it first (every table).');
        process.exit(2);
      }
      await client.query(`truncate admin_audit_log, admin_login_attempts, postback_log, spins, referrals, completions,
                           clicks, vouchers, offers, sessions, users restart identity cascade`);
    }
    const started = Date.now();
    await client.query("set maintenance_work_mem = '256MB'");
    await client.query("set work_mem = '64MB'");
    for (const [name, statement] of steps) {
      const t = Date.now();
      const result = await client.query(statement);
      console.log(
        `${name.padEnd(24)} ${String(result.rowCount ?? '').padStart(9)} rows  ${((Date.now() - t) / 1000).toFixed(1)} s`,
      );
    }
    const counts = await client.query(
      `select (select count(*) from users) as users, (select count(*) from clicks) as clicks,
              (select count(*) from completions) as completions, (select count(*) from vouchers) as vouchers,
              (select count(*) from referrals) as referrals, (select count(*) from offers) as offers`,
    );
    console.log('\nDone in', ((Date.now() - started) / 1000).toFixed(0), 's:', counts.rows[0]);
  } finally {
    await client.end();
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
