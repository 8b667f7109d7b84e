import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { auditEntry } from '../testing/fixtures';
import { db, requests, resetDb } from '../testing/handlers';
import { renderAdmin } from '../testing/render-admin';
import { describeChange } from './audit-log-list';

beforeEach(() => resetDb());

describe('/admin/audit-log', () => {
  it('shows loading then empty', async () => {
    db.delayMs = 400;
    renderAdmin('/admin/audit-log');
    expect(await screen.findByText('Loading audit log...')).toBeInTheDocument();
    expect(await screen.findByText('No admin changes recorded yet')).toBeInTheDocument();
  });

  it('lists entries from GET audit-log.php?page&limit', async () => {
    db.audit = [auditEntry(1)];
    renderAdmin('/admin/audit-log');
    expect(await screen.findByText('is_suspicious: false → true')).toBeInTheDocument();
    expect(screen.getByText('user #1')).toBeInTheDocument();
    expect(requests.find((r) => r.path.endsWith('/audit-log.php'))?.query).toEqual({
      page: '1',
      limit: '20',
    });
  });

  it('describes only the fields that changed', () => {
    expect(describeChange({ a: 1, b: 2 }, { a: 1, b: 3, c: 'x' })).toBe('b: 2 → 3; c: — → x');
    expect(describeChange(null, { is_active: true })).toBe('is_active: — → true');
  });
});
