// The device fingerprint: a base-36 encoding of a hash of the browser agent, language, screen size,
// timezone offset and a canvas rendering. Not a security control: the server only compares
// fingerprints of a referrer and the friend they referred.

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

export function deviceFingerprint(): string {
  return fingerprintFrom(fingerprintParts());
}
