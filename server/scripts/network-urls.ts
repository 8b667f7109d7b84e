// `npm run network:urls [base URL]`: the postback URL to paste into each network's dashboard, for every
// preset, exactly as the console shows it (postbackUrlTemplate over the preset's configuration, with a
// slug equal to the preset's name). docs/networks.md quotes this output. The base URL is the first
// argument, else PUBLIC_URL, else https://rewards.example.com.
import { PRESET_NAMES } from '../../shared/networks/config';
import { presetConfig } from '../networks/presets';
import { postbackUrlTemplate } from '../networks/verify';

/** Each preset's name and the URL to paste, for a network created with the preset's name as its slug. */
export function presetPostbackUrls(baseUrl: string): { preset: string; url: string }[] {
  return PRESET_NAMES.map((preset) => ({ preset, url: postbackUrlTemplate(presetConfig(preset), baseUrl) }));
}

const isMain = process.argv[1]?.endsWith('network-urls.ts');
if (isMain) {
  const base = process.argv[2] || process.env.PUBLIC_URL || 'https://rewards.example.com';
  for (const { preset, url } of presetPostbackUrls(base)) console.log(`${preset}\n  ${url}\n`);
}
