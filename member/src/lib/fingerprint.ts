// The device fingerprint: a base-36 encoding of a hash of the browser agent, language, screen size,
// timezone offset and a canvas rendering, then this browser's install id (random, kept in
// localStorage). Not a security control: the server treats it as evidence, never identity
// (docs/trust-and-safety.md). Two phones of one model, OS and language render the same hash: the
// install id keeps them apart, while two accounts signed in on one browser still share it.

/** 32-bit FNV-1a; stable across browsers, returned unsigned. */
export function hashString(input: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < input.length; i++) {
    hash ^= input.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

function canvasRendering(): string {
  try {
    const canvas = document.createElement('canvas');
    canvas.width = 200;
    canvas.height = 40;
    const ctx = canvas.getContext('2d');
    if (!ctx) return 'no-canvas';
    ctx.textBaseline = 'top';
    ctx.font = '14px Arial';
    ctx.fillStyle = '#f60';
    ctx.fillRect(10, 5, 100, 20);
    ctx.fillStyle = '#069';
    ctx.fillText('SpinRewards \u{1F3B0}', 2, 15);
    return canvas.toDataURL();
  } catch {
    return 'no-canvas';
  }
}

export interface FingerprintParts {
  userAgent: string;
  language: string;
  screen: string;
  timezoneOffset: number;
  canvas: string;
}

export function fingerprintParts(): FingerprintParts {
  return {
    userAgent: navigator.userAgent,
    language: navigator.language,
    screen: `${window.screen?.width ?? 0}x${window.screen?.height ?? 0}`,
    timezoneOffset: new Date().getTimezoneOffset(),
    canvas: canvasRendering(),
  };
}

export function fingerprintFrom(parts: FingerprintParts): string {
  const joined = [
    parts.userAgent,
    parts.language,
    parts.screen,
    String(parts.timezoneOffset),
    parts.canvas,
  ].join('|');
  return hashString(joined).toString(36);
}

/** Where this browser keeps its install id (kept at sign-out: it names the device, not the member). */
export const INSTALL_ID_STORAGE_KEY = 'spinrewards_install_id';

/** This browser's random install id (16 base-36 characters), made on first use; '' without storage. */
export function installId(): string {
  try {
    const kept = window.localStorage.getItem(INSTALL_ID_STORAGE_KEY);
    if (kept && /^[0-9a-z]{8,32}$/.test(kept)) return kept;
    const bytes = crypto.getRandomValues(new Uint8Array(10));
    const made = Array.from(bytes, (b) => (b % 36).toString(36)).join('') + Date.now().toString(36).slice(-6);
    window.localStorage.setItem(INSTALL_ID_STORAGE_KEY, made);
    return made;
  } catch {
    return '';
  }
}

export function deviceFingerprint(): string {
  const id = installId();
  const hash = fingerprintFrom(fingerprintParts());
  return id ? `${hash}-${id}` : hash;
}
