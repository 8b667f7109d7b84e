import { describe, expect, it } from 'vitest';
import { isDisposableEmail, normaliseEmail } from './email';

describe('normaliseEmail', () => {
  it('lower-cases and strips a +tag', () => {
    expect(normaliseEmail('Asha.Rao+spin@Example.COM')).toBe('asha.rao@example.com');
    expect(normaliseEmail('  asha@example.com ')).toBe('asha@example.com');
    expect(normaliseEmail('a+b+c@example.com')).toBe('a@example.com');
  });

  it('removes the dots of a Gmail local part and maps googlemail.com to gmail.com', () => {
    expect(normaliseEmail('J.Doe+rewards@gmail.com')).toBe('jdoe@gmail.com');
    expect(normaliseEmail('j.d.o.e@GoogleMail.com')).toBe('jdoe@gmail.com');
    expect(normaliseEmail('jdoe@gmail.com')).toBe('jdoe@gmail.com');
  });

  it('keeps the dots of other domains', () => {
    expect(normaliseEmail('j.doe@outlook.com')).toBe('j.doe@outlook.com');
    expect(normaliseEmail('j.doe@gmail.co.in')).toBe('j.doe@gmail.co.in');
  });

  it('leaves what is not an address, and a local part that is only a tag, as it is (lower case)', () => {
    expect(normaliseEmail('Not-An-Email')).toBe('not-an-email');
    expect(normaliseEmail('+tag@example.com')).toBe('+tag@example.com');
  });
});

describe('isDisposableEmail', () => {
  it('knows disposable domains and their subdomains', () => {
    expect(isDisposableEmail('someone@mailinator.com')).toBe(true);
    expect(isDisposableEmail('someone@MAILINATOR.COM')).toBe(true);
    expect(isDisposableEmail('someone@inbox.mailinator.com')).toBe(true);
    expect(isDisposableEmail('someone@guerrillamail.com')).toBe(true);
  });

  it('knows the wildcard domains of the list (any subdomain)', () => {
    // wildcard.json of disposable-email-domains 1.0.62 lists 33mail.com.
    expect(isDisposableEmail('me@alias.33mail.com')).toBe(true);
  });

  it('does not flag ordinary mail providers', () => {
    for (const email of [
      'a@gmail.com',
      'a@outlook.com',
      'a@yahoo.co.in',
      'a@rediffmail.com',
      'a@com',
      'bad',
    ]) {
      expect(isDisposableEmail(email), email).toBe(false);
    }
  });
});
