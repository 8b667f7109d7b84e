import { describe, expect, it } from 'vitest';
import { escapeHtml } from './text';

describe('escapeHtml', () => {
  it('leaves no character that could end a text, a tag or a quoted attribute', () => {
    expect(escapeHtml(`<a href="x" title='y'>Refer & Earn</a>`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;Refer &amp; Earn&lt;/a&gt;',
    );
  });

  it('escapes an ampersand once, so an entity in the input stays text', () => {
    expect(escapeHtml('&lt;')).toBe('&amp;lt;');
  });
});
