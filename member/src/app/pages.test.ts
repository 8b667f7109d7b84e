// The page table (shared/member-pages.ts) is what the router, the warm-up and the server derive their
// pages from: every row must name a route module that exists and a component that module exports.
import { describe, expect, it } from 'vitest';
import { MEMBER_PAGES, type MemberPage, type MemberPageChunk } from '../../../shared/member-pages';
import { pages } from './warm-up';

const rows = Object.entries(MEMBER_PAGES) as [string, MemberPage][];

describe('the member page table', () => {
  it.each(rows.filter(([, p]) => p.chunk !== null))(
    '%s: its route module exports the component the router renders',
    async (_path, page) => {
      const module = (await pages[page.chunk as MemberPageChunk]()) as Record<string, unknown>;
      expect(typeof module[page.component!]).toBe('function');
    },
  );

  it('server-renders only shell pages, and gives each a heading or first calls the server can answer', () => {
    for (const [path, page] of rows) {
      if (page.calls) expect(page.shell, path).toBe(true);
      if (page.shell) expect(page.component, path).toMatch(/Route$/);
    }
  });
});
