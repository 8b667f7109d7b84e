// The demo partner network (demo mode only): each seeded offer links here; "Complete offer" makes
// the server send itself a correctly signed postback, so a newcomer can walk the whole loop offline.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { findClickedOffer } from '../db/repositories/clicks';
import { registerFormBody } from '../lib/form-body';
import { signPostback } from '../services/postbacks';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)} · Demo Partner</title>
<style>
body{margin:0;font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;background:#0f172a;color:#0f172a;min-height:100vh;display:grid;place-items:center;padding:16px;box-sizing:border-box}
main{background:#fff;border-radius:16px;max-width:440px;width:100%;padding:28px;box-shadow:0 20px 50px rgba(0,0,0,.35)}
.tag{display:inline-block;background:#fef3c7;color:#92400e;border-radius:999px;padding:4px 10px;font-size:12px;font-weight:600;letter-spacing:.02em}
h1{font-size:22px;margin:14px 0 8px}p{color:#334155;line-height:1.5}
button,a.btn{display:block;width:100%;box-sizing:border-box;text-align:center;border:0;border-radius:12px;padding:14px;font-size:16px;font-weight:700;cursor:pointer;margin-top:12px;text-decoration:none}
.primary{background:#16a34a;color:#fff}.secondary{background:#e2e8f0;color:#0f172a}
button:focus-visible,a:focus-visible{outline:3px solid #f59e0b;outline-offset:2px}
.ok{color:#166534;font-weight:700}.err{color:#b91c1c;font-weight:700}
</style></head><body><main>${body}</main></body></html>`;
}

export default async function demoPartnerRoutes(app: FastifyInstance) {
  registerFormBody(app, 4096);

  app.get('/partner/demo/:externalId', async (request, reply) => {
    const q = z.object({ click_id: z.string().min(1).max(64) }).safeParse(request.query);
    reply.type('text/html; charset=utf-8');
    if (!q.success) {
      return reply
        .status(400)
        .send(
          page(
            'Missing click',
            `<span class="tag">Demo Partner Network</span><h1>Missing click id</h1><p>Start this offer from the SpinRewards app.</p>`,
          ),
        );
    }
    const row = await findClickedOffer(app.db, q.data.click_id);
    if (!row) {
      return reply
        .status(404)
        .send(
          page(
            'Unknown click',
            `<span class="tag">Demo Partner Network</span><h1>Unknown click</h1><p>This link has expired. Start the offer again from the app.</p>`,
          ),
        );
    }
    const click = escapeHtml(q.data.click_id);
    return page(
      row.title,
      `<span class="tag">Demo Partner Network</span>
<h1>${escapeHtml(row.title)}</h1>
<p>${escapeHtml(row.description)}</p>
<p>This page plays the partner's site. Completing here sends SpinRewards a signed postback, exactly as a real network would.</p>
<form method="post" action="/partner/demo/complete">
<input type="hidden" name="click_id" value="${click}"><input type="hidden" name="status" value="approved">
<button class="primary" type="submit">Complete offer</button></form>
<form method="post" action="/partner/demo/complete">
<input type="hidden" name="click_id" value="${click}"><input type="hidden" name="status" value="pending">
<button class="secondary" type="submit">Submit for verification (pending)</button></form>`,
    );
  });

  app.post('/partner/demo/complete', async (request, reply) => {
    reply.type('text/html; charset=utf-8');
    const body = z
      .object({
        click_id: z.string().min(1).max(64),
        status: z.enum(['approved', 'pending']).default('approved'),
      })
      .safeParse(request.body);
    if (!body.success) {
      return reply
        .status(400)
        .send(
          page('Error', `<h1 class="err">Invalid request</h1><p>Start the offer again from the app.</p>`),
        );
    }
    const params: Record<string, string> = {
      click_id: body.data.click_id,
      transaction_id: `demo-${body.data.click_id}`,
      payout: '1.50',
      currency: 'USD',
      status: body.data.status,
    };
    params.sig = signPostback(params, app.config.postbackSecret ?? '');
    const form = new URLSearchParams(params).toString();
    let status: number;
    let result: { success?: boolean; error?: string };
    const address = app.server.address();
    if (app.server.listening && address && typeof address === 'object') {
      // A real HTTP round trip to ourselves, the way a partner network's server would call.
      const res = await fetch(`http://127.0.0.1:${address.port}/api/postback.php`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: form,
      });
      status = res.status;
      result = (await res.json()) as typeof result;
    } else {
      const res = await app.inject({
        method: 'POST',
        url: '/api/postback.php',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: form,
      });
      status = res.statusCode;
      result = res.json();
    }
    if (status !== 200 || !result.success) {
      return reply
        .status(502)
        .send(
          page(
            'Error',
            `<span class="tag">Demo Partner Network</span><h1 class="err">Postback refused</h1><p>${escapeHtml(result.error ?? 'Unknown error')}</p>`,
          ),
        );
    }
    const done =
      body.data.status === 'approved'
        ? `<h1 class="ok">Offer completed!</h1><p>SpinRewards has been notified. Go back to the app: your slot-machine spin is ready.</p>`
        : `<h1 class="ok">Submitted for verification</h1><p>The offer shows as "Verifying..." in the app until the network approves it.</p>`;
    return page(
      'Done',
      `<span class="tag">Demo Partner Network</span>${done}<a class="btn primary" href="/dashboard">Return to SpinRewards</a>`,
    );
  });
}
