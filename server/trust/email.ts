/**
 * Email signals, offline: one normal form per mailbox (so that `J.Doe+spin@googlemail.com` and
 * `jdoe@gmail.com` link), and whether the domain is a disposable-mail service, from the maintained list
 * of the `disposable-email-domains` package (its domains and its wildcard domains, loaded once).
 * docs/trust-and-safety.md, "Address and email signals".
 */
import { createRequire } from 'node:module';

const GMAIL_DOMAINS = new Set(['gmail.com', 'googlemail.com']);

function split(email: string): { local: string; domain: string } | null {
  const text = email.trim().toLowerCase();
  const at = text.lastIndexOf('@');
  if (at <= 0 || at === text.length - 1) return null;
  return { local: text.slice(0, at), domain: text.slice(at + 1).replace(/\.$/, '') };
}

/**
 * Lower case; a `+tag` stripped from the local part; for Gmail (gmail.com and googlemail.com, which
 * becomes gmail.com) the dots of the local part removed too, since Gmail ignores them.
 */
export function normaliseEmail(email: string): string {
  const parts = split(email);
  if (!parts) return email.trim().toLowerCase();
  let { local, domain } = parts;
  const plus = local.indexOf('+');
  if (plus > 0) local = local.slice(0, plus);
  if (GMAIL_DOMAINS.has(domain)) {
    domain = 'gmail.com';
    local = local.replace(/\./g, '') || local;
  }
  return `${local}@${domain}`;
}

let disposable: Set<string> | null = null;

function disposableDomains(): Set<string> {
  if (!disposable) {
    const require = createRequire(import.meta.url);
    const domains = require('disposable-email-domains') as string[];
    const wildcards = require('disposable-email-domains/wildcard.json') as string[];
    disposable = new Set([...domains, ...wildcards].map((d) => d.toLowerCase()));
  }
  return disposable;
}

/** True when the email's domain, or a parent domain of it, is a disposable-mail service. */
export function isDisposableEmail(email: string): boolean {
  const parts = split(email);
  if (!parts) return false;
  const set = disposableDomains();
  // The domain and each parent but the top level (a.b.example → a.b.example, b.example), without
  // splitting it into labels: every approval's judgement asks.
  let domain = parts.domain;
  for (let dot = domain.indexOf('.'); dot >= 0; dot = domain.indexOf('.')) {
    if (set.has(domain)) return true;
    domain = domain.slice(dot + 1);
  }
  return false;
}
