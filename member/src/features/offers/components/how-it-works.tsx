// A new member's first screen (issue 35, item 6): until their first completion, three short steps take
// the place of four zero stat cards. Kept to one compact row per step, so that the first Start Offer
// stays above the phone's bottom tab bar.
const STEPS = [
  { title: 'Start an offer', text: 'Press Start Offer and complete it at the partner.' },
  { title: 'Spin the slot machine', text: 'Each confirmed offer gives you one spin.' },
  { title: 'Win a voucher', text: 'Match three amounts; the code is saved in My Rewards.' },
] as const;

export function HowItWorks() {
  return (
    <section className="first-steps" aria-labelledby="first-steps-title">
      <h2 id="first-steps-title" className="first-steps__title">
        How it works
      </h2>
      <ol className="first-steps__list">
        {STEPS.map((s, i) => (
          <li key={s.title} className="first-steps__step">
            <span className="first-steps__num" aria-hidden="true">
              {i + 1}
            </span>
            <p>
              <strong>{s.title}</strong> <span>{s.text}</span>
            </p>
          </li>
        ))}
      </ol>
    </section>
  );
}
