// docs/networks.md quotes the postback URL of every preset: this keeps the page true to the presets
// (a changed macro or parameter name fails here until the page is regenerated with npm run network:urls).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PRESET_NAMES } from '../../shared/networks/config';
import { presetPostbackUrls } from './network-urls';

const doc = readFileSync(path.resolve(__dirname, '../../docs/networks.md'), 'utf8');

describe('docs/networks.md', () => {
  it('quotes, for every preset, the URL the console shows for it', () => {
    const urls = presetPostbackUrls('https://rewards.example.com');
    expect(urls.map((u) => u.preset)).toEqual([...PRESET_NAMES]);
    for (const { preset, url } of urls) {
      expect(doc, `the ${preset} section`).toContain(`\`${url}\``);
      expect(doc).toContain(`### ${preset} `);
    }
  });

  it('prints a URL token as a placeholder, never a secret', () => {
    const tokenUrls = presetPostbackUrls('https://rewards.example.com').filter((u) =>
      u.url.includes('token='),
    );
    expect(tokenUrls.map((u) => u.preset)).toEqual(['adgatemedia', 'tune']);
    for (const { url } of tokenUrls) expect(url).toMatch(/token=YOUR_TOKEN$/);
  });
});
