import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { BRAND } from '../../../config/constants';
import { QueryState } from '../../../components/query-state';
import { useOperator } from '../../../lib/operator';
import { OperatorDetails } from './operator-details';
import { PublicPage, Section } from './public-page';

// The Terms of Service, the Privacy Policy and Help (issue 37): templates the operator fills through
// the server's configuration (operator name, address, grievance officer, support contact; see
// docs/operations.md, "Fair play"). The operator must have the final texts reviewed by counsel.

const OFFLINE = 'This page loads when you are back online.';

export function TermsView() {
  const query = useOperator();
  return (
    <PublicPage title="Terms of Service" subtitle={`The agreement between you and the operator of ${BRAND}.`}>
      <QueryState query={query} data={query.data} loading="Loading the terms..." offline={OFFLINE}>
        {({ operator, terms_version, excluded_states }) => (
          <>
            <p className="rules-meta">
              Version <strong>{terms_version}</strong>. When these terms change, we ask you to accept the new
              version the next time you open the app.
            </p>
            <Section id="who" title="1. Who we are">
              <p>
                {BRAND} is run by {operator.name}, {operator.address} ("we", "us").
              </p>
            </Section>
            <Section id="eligibility" title="2. Who can use the service">
              <p>
                You must be 18 or older and live in India. You confirm both, and your state of residence, when
                you first sign in.
                {excluded_states.length > 0
                  ? ` The promotion is not offered in ${excluded_states.map((s) => s.name).join(', ')}: members there can keep an account but cannot spin.`
                  : ''}{' '}
                One account per person.
              </p>
            </Section>
            <Section id="how" title="3. Offers, spins and vouchers">
              <p>
                Partner offers are provided by third parties; a completion counts when the partner confirms
                it. Each confirmed completion earns one spin. Spins are drawn by our server as described in
                the <Link to={paths.rules.getHref()}>Official Rules</Link>, which list every table's odds and
                the prizes in stock. No purchase is necessary to take part: see the daily free spin in the
                rules, when offered. Vouchers are redeemed with their brand, under the brand's own terms,
                before their expiry date.
              </p>
            </Section>
            <Section id="conduct" title="4. Fair use">
              <p>
                Do not use fake or shared accounts, automated tools, or anything that misleads partners. We
                may hold rewards for review, refuse them, or block an account that breaks these terms; you can
                ask us to review a decision (section 6).
              </p>
            </Section>
            <Section id="liability" title="5. Changes and liability">
              <p>
                We may change or end offers, tables and the service; the Official Rules always show what
                applies now and keep past versions. Vouchers already won stay yours. Nothing in these terms
                limits rights you have under Indian consumer law.
              </p>
            </Section>
            <Section id="contact" title="6. Contact and grievances">
              <OperatorDetails operator={operator} />
            </Section>
            <p>
              See also the <Link to={paths.privacy.getHref()}>Privacy Policy</Link>.
            </p>
          </>
        )}
      </QueryState>
    </PublicPage>
  );
}

export function PrivacyView() {
  const query = useOperator();
  return (
    <PublicPage title="Privacy Policy" subtitle="What we collect, why, how long we keep it, and your rights.">
      <QueryState query={query} data={query.data} loading="Loading the privacy policy..." offline={OFFLINE}>
        {({ operator }) => (
          <>
            <Section id="controller" title="Who is responsible">
              <p>
                {operator.name} ({operator.address}) is the data fiduciary for {BRAND} under India's Digital
                Personal Data Protection Act, 2023.
              </p>
            </Section>
            <Section id="collect" title="What we collect">
              <ul className="public-list">
                <li>From your Google sign-in: your name and email address. We never see your password.</li>
                <li>
                  What you tell us: that you are 18 or older, your state, and the terms you accepted and when.
                </li>
                <li>
                  What you do here: offers you start, completions partners confirm, spins, vouchers, claims
                  and referrals.
                </li>
                <li>
                  For fraud prevention: your device's fingerprint, the network address you sign in from and
                  its provider.
                </li>
              </ul>
            </Section>
            <Section id="why" title="Why we use it">
              <p>
                To run your account, credit completions, draw spins and hand out vouchers, to prevent fraud,
                and to keep the records that money and partners' accounts require. We do not sell your data or
                use it for advertising.
              </p>
            </Section>
            <Section id="share" title="Who we share it with">
              <p>
                Partner networks receive an anonymous click id, never your name or email. Google (Firebase)
                provides the sign-in. Our hosting provider stores the data for us.
              </p>
            </Section>
            <Section id="rights" title="Your rights">
              <p>
                You can ask to see your data, correct your name, or delete your account. We keep the records
                of conversions, spins and vouchers that accounting and partners need, without your name or
                email. Anyone under 18 cannot sign up, and nothing of theirs is kept.
              </p>
            </Section>
            <Section id="grievance" title="Grievance officer">
              <OperatorDetails operator={operator} />
            </Section>
          </>
        )}
      </QueryState>
    </PublicPage>
  );
}

export function HelpView() {
  const query = useOperator();
  return (
    <PublicPage title="Help" subtitle="How crediting, claims, redeeming and referrals work.">
      <Section id="crediting" title="When is an offer credited?">
        <p>
          When the partner confirms your completion, usually within minutes, sometimes up to 24 hours, and for
          some offers (app installs with a task, sign-ups that are checked) up to 30 days. Until then the
          offer shows "Pending Verification". Once it is approved you can play its slot machine.
        </p>
      </Section>
      <Section id="claims" title="My completion was not credited">
        <p>
          From an hour after you started an offer (and up to 30 days), its card lets you report it as not
          credited. We check it with the partner and answer on the card; an approved claim gives you its spin.
        </p>
      </Section>
      <Section id="redeeming" title="Redeeming a voucher">
        <p>
          Your vouchers are in <Link to={paths.rewards.getHref()}>My Rewards</Link>. Copy the code and redeem
          it on the brand's website or app before its expiry date, then mark it as used. A win shown as "on
          its way" arrives as soon as that amount is restocked.
        </p>
      </Section>
      <Section id="referrals" title="Referrals">
        <p>
          Share your link from <Link to={paths.referrals.getHref()}>Refer &amp; Earn</Link>. When a friend who
          signed up with it completes a first offer, you get one free spin; it never expires.
        </p>
      </Section>
      <Section id="fair-play" title="Odds and the free way to play">
        <p>
          The <Link to={paths.rules.getHref()}>Official Rules</Link> list every table's odds, the prizes in
          stock and the daily free spin, when offered.
        </p>
      </Section>
      <Section id="contact" title="Contact us">
        <QueryState
          query={query}
          data={query.data}
          loading="Loading the contact details..."
          offline={OFFLINE}
        >
          {({ operator }) => <OperatorDetails operator={operator} />}
        </QueryState>
      </Section>
    </PublicPage>
  );
}
