import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { db, requests, resetDb } from '../testing/handlers';
import { renderAdmin } from '../testing/render-admin';

beforeEach(() => resetDb({ signedIn: false }));

describe('admin login', () => {
  it('sends a signed-out admin from an admin page to /admin/login', async () => {
    renderAdmin('/admin/users');
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    await waitFor(() => expect(window.location.pathname).toBe('/admin/login'));
  });

  it('keeps the submit button disabled while either field is empty', async () => {
    renderAdmin('/admin/login');
    const submit = await screen.findByRole('button', { name: 'Sign in' });
    expect(submit).toBeDisabled();
    await userEvent.type(screen.getByLabelText(/Username/), 'admin');
    expect(submit).toBeDisabled();
    await userEvent.type(screen.getByLabelText(/Password/), 'x');
    expect(submit).toBeEnabled();
    await userEvent.clear(screen.getByLabelText(/Username/));
    expect(submit).toBeDisabled();
  });

  it("shows the server's error on a bad password", async () => {
    renderAdmin('/admin/login');
    await userEvent.type(await screen.findByLabelText(/Username/), 'admin');
    await userEvent.type(screen.getByLabelText(/Password/), 'wrong');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect((await screen.findAllByText('Invalid username or password')).length).toBeGreaterThan(0);
    expect(requests.find((r) => r.path.endsWith('/login.php'))?.body).toEqual({
      username: 'admin',
      password: 'wrong',
    });
    expect(window.location.pathname).toBe('/admin/login');
  });

  it("falls back to 'Login failed' when the server says nothing", async () => {
    renderAdmin('/admin/login');
    db.signedIn = false;
    await userEvent.type(await screen.findByLabelText(/Username/), 'admin');
    await userEvent.type(screen.getByLabelText(/Password/), 'secret');
    const { server } = await import('../testing/msw-server');
    const { http, HttpResponse } = await import('msw');
    server.use(http.post('*/api/admin/login.php', () => HttpResponse.json({}, { status: 502 })));
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect((await screen.findAllByText('Login failed')).length).toBeGreaterThan(0);
  });

  it('lands on the dashboard after a good sign-in and says so', async () => {
    renderAdmin('/admin/login');
    await userEvent.type(await screen.findByLabelText(/Username/), 'admin');
    await userEvent.type(screen.getByLabelText(/Password/), 'secret');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Admin login successful!')).toBeInTheDocument();
    await waitFor(() => expect(window.location.pathname).toBe('/admin/dashboard'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
  });

  it('goes straight to the dashboard when already signed in', async () => {
    db.signedIn = true;
    renderAdmin('/admin/login');
    await waitFor(() => expect(window.location.pathname).toBe('/admin/dashboard'));
  });

  it('logs out to /admin/login, even when the logout call fails', async () => {
    db.signedIn = true;
    const { server } = await import('../testing/msw-server');
    const { http, HttpResponse } = await import('msw');
    server.use(
      http.post('*/api/admin/logout.php', () => HttpResponse.json({ success: false }, { status: 500 })),
    );
    // Any signed-in page has the user menu; a list page renders faster than the charted dashboard.
    renderAdmin('/admin/conversions');
    await userEvent.click(await screen.findByRole('button', { name: /profile/i }));
    await userEvent.click(await screen.findByRole('menuitem', { name: /logout/i }));
    await waitFor(() => expect(window.location.pathname).toBe('/admin/login'), { timeout: 15_000 });
    expect(await screen.findByText('Admin logged out successfully')).toBeInTheDocument();
    // The server session outlived the failed call; the login page must not send the admin back.
    expect(await screen.findByRole('button', { name: /sign in|login/i })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/admin/login');
  });
});
