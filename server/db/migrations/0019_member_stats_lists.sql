-- The lists of user-stats.php and referral-stats.php (docs/decisions/cached-member-stats.md), as
-- functions their statements call only when the process does not hold the member's current lists. A
-- statement's sub-selects are set up at every execution even when a CASE skips them; a function call is
-- not, so a call whose lists are cached pays for none of this. STABLE: the function's queries read the
-- calling statement's snapshot, the one its session check and stats key were read in. The lists are
-- the ones the statements read before (migration 0013's indexes: index ranges of the member's rows).
CREATE OR REPLACE FUNCTION member_stats_lists(p_user integer) RETURNS json STABLE LANGUAGE plpgsql AS $$
BEGIN
  RETURN json_build_object(
    'completions', (select coalesce(json_agg(h), '[]') from (
        select o.title, o.category, coalesce(c.completed_at, c.created_at) as completed_at, v.voucher_code,
               v.voucher_brand, v.voucher_amount, c.reward_type, c.status, c.reversed_at, c.reversal_reason
          from completions c
          join offers o on o.id = c.offer_id
          left join vouchers v on v.id = c.voucher_id
         where c.user_id = p_user
           and (c.status = 'approved' or (c.status = 'reversed' and c.reversed_at > c.created_at))
         order by coalesce(c.reversed_at, c.completed_at) desc
         limit 100) h),
    'breakdown', (select coalesce(json_agg(b), '[]') from (
        select voucher_amount, voucher_brand, count(*)::int as count, sum(voucher_amount) as total_value
          from vouchers where assigned_to_user_id = p_user
         group by voucher_amount, voucher_brand
         order by voucher_amount desc, voucher_brand) b),
    'vouchers', (select coalesce(json_agg(x), '[]') from (
        select v.id as voucher_id, v.voucher_code, v.voucher_amount, v.voucher_brand, v.voucher_description,
               coalesce(o.title, 'Free Spin Bonus') as title, v.assigned_at, c.completed_at, v.assignment_context,
               v.voucher_terms, v.expiry_date, v.status
          from vouchers v
          left join completions c on c.id = v.completion_id
          left join offers o on o.id = c.offer_id
         where v.assigned_to_user_id = p_user
         order by v.assigned_at desc
         limit 200) x));
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION referral_stats_lists(p_user integer) RETURNS json STABLE LANGUAGE plpgsql AS $$
BEGIN
  RETURN json_build_object(
    'monthly', (select coalesce(json_agg(m), '[]') from (
        select to_char(date_trunc('month', created_at), 'YYYY-MM') as month,
               count(*)::int as registrations,
               count(*) filter (where status = 'successful')::int as successful
          from referrals
         where referrer_user_id = p_user and created_at >= date_trunc('month', now()) - interval '11 months'
         group by date_trunc('month', created_at) order by date_trunc('month', created_at)) m),
    'details', (select coalesce(json_agg(d), '[]') from (
        select u2.first_name, u2.last_name, u2.registration_date, r.first_completion_date, u2.total_completions,
               r.status, r.same_device, r.reviewed_at
          from referrals r join users u2 on u2.id = r.referred_user_id
         where r.referrer_user_id = p_user
         order by r.created_at desc
         limit 200) d),
    'pending', (select count(*)::int from referrals p where p.referrer_user_id = p_user and p.status = 'pending'));
END $$;
