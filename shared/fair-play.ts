// Fair play's plain values (issue 37), shared by the contract, the server and the member app: India's
// states and union territories (ISO 3166-2:IN codes without the "IN-" prefix), the minimum age and
// the member-facing texts that must read the same everywhere.

export const INDIAN_STATES = [
  ['AN', 'Andaman and Nicobar Islands'],
  ['AP', 'Andhra Pradesh'],
  ['AR', 'Arunachal Pradesh'],
  ['AS', 'Assam'],
  ['BR', 'Bihar'],
  ['CH', 'Chandigarh'],
  ['CT', 'Chhattisgarh'],
  ['DH', 'Dadra and Nagar Haveli and Daman and Diu'],
  ['DL', 'Delhi'],
  ['GA', 'Goa'],
  ['GJ', 'Gujarat'],
  ['HR', 'Haryana'],
  ['HP', 'Himachal Pradesh'],
  ['JK', 'Jammu and Kashmir'],
  ['JH', 'Jharkhand'],
  ['KA', 'Karnataka'],
  ['KL', 'Kerala'],
  ['LA', 'Ladakh'],
  ['LD', 'Lakshadweep'],
  ['MP', 'Madhya Pradesh'],
  ['MH', 'Maharashtra'],
  ['MN', 'Manipur'],
  ['ML', 'Meghalaya'],
  ['MZ', 'Mizoram'],
  ['NL', 'Nagaland'],
  ['OR', 'Odisha'],
  ['PY', 'Puducherry'],
  ['PB', 'Punjab'],
  ['RJ', 'Rajasthan'],
  ['SK', 'Sikkim'],
  ['TN', 'Tamil Nadu'],
  ['TG', 'Telangana'],
  ['TR', 'Tripura'],
  ['UP', 'Uttar Pradesh'],
  ['UT', 'Uttarakhand'],
  ['WB', 'West Bengal'],
] as const satisfies readonly (readonly [string, string])[];

export type StateCode = (typeof INDIAN_STATES)[number][0];
export const STATE_CODES = INDIAN_STATES.map(([code]) => code) as [StateCode, ...StateCode[]];

export function stateName(code: string): string {
  return INDIAN_STATES.find(([c]) => c === code)?.[1] ?? code;
}

/** Members must be this old (India's DPDP Act 2023: under 18 needs verifiable parental consent, which we do not collect). */
export const MINIMUM_AGE = 18;

/** What a visitor who is under 18 is told; nothing of theirs is kept. */
export const UNDER_AGE_MESSAGE =
  'Sorry, SpinRewards is only for people aged 18 or older. We have not kept an account or any of your details, and you have been signed out.';
