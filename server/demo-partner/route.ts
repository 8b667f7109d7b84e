// The demo partner network (demo mode only): each seeded offer links here; "Complete offer" makes
// the server send itself a correctly signed postback, so a newcomer can walk the whole loop offline.
// An offer no network owns is credited with a native postback (/api/postback.php); an offer of a
// partner network (the seeded CPX demo network) with a postback in that network's own format, signed
// with its stored configuration, to /api/postback/{slug}, as that network's server would send it.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { findClickedOffer, findNetworkById } from './service';
import { registerFormBody } from '../lib/form-body';
import { escapeHtml } from '../lib/text';
import { demoNetworkParams, type DemoStatus } from '../networks/demo-params';
import { signPostback as signNetworkPostback } from '../networks/verify';
import { signPostback } from '../postbacks/conversions-service';
import type { NetworkConfig } from '../../shared/networks/config';

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

/** Whether the network has a status value for `status` (the demo page offers that button only then). */
const speaks = (config: NetworkConfig | null, status: DemoStatus) =>
  !config || (config.statuses[status].length > 0 && !!config.params.status);

/** A member reference as the offer link gave it, or '' when the link had none (`{sub_id}` not filled in). */
const memberRef = (v: unknown) => (typeof v === 'string' && /^[A-Za-z0-9_-]{1,128}$/.test(v) ? v : '');

export default async function demoPartnerRoutes(app: FastifyInstance) {
  registerFormBody(app, 4096);

  /** A real HTTP round trip to ourselves when listening, the way a partner network's server calls. */
  async function callSelf(req: {
    method: 'GET' | 'POST';
    url: string;
    headers: Record<string, string>;
    body?: string;
  }): Promise<{ status: number; text: string }> {
    const address = app.server.address();
    if (app.server.listening && address && typeof address === 'object') {
      const res = await fetch(`http://127.0.0.1:${address.port}${req.url}`, {
        method: req.method,
        headers: req.headers,
        body: req.body,
      });
      return { status: res.status, text: await res.text() };
    }
    const res = await app.inject({
      method: req.method,
      url: req.url,
      headers: req.headers,
      ...(req.body !== undefined ? { payload: req.body } : {}),
    });
    return { status: res.statusCode, text: res.body };
  }

  /** The stored configuration of the network that credits a click's offer; null for the native one. */
  async function networkOf(networkId: number | null): Promise<NetworkConfig | null> {
    if (networkId === null) return null;
    return (await findNetworkById(app.db, networkId))?.config ?? null;
  }

  app.get('/partner/demo/:externalId', async (request, reply) => {
    const q = z
      .object({ click_id: z.string().min(1).max(64), ext_user_id: z.string().max(256).optional() })
      .safeParse(request.query);
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
    const network = await networkOf(row.networkId);
    const tag = escapeHtml(network ? network.name : 'Demo Partner Network');
    const click = escapeHtml(q.data.click_id);
    const member = escapeHtml(memberRef(q.data.ext_user_id));
    const hidden = `<input type="hidden" name="click_id" value="${click}"><input type="hidden" name="member" value="${member}">`;
    const how = network
      ? `Completing here sends SpinRewards a postback in ${escapeHtml(network.name)}'s own format (to /api/postback/${escapeHtml(network.slug)}), exactly as that network's server would.`
      : 'Completing here sends SpinRewards a signed postback, exactly as a real network would.';
    const pending = speaks(network, 'pending')
      ? `<form method="post" action="/partner/demo/complete">${hidden}<input type="hidden" name="status" value="pending">
<button class="secondary" type="submit">Submit for verification (pending)</button></form>`
      : '';
    return page(
      row.title,
      `<span class="tag">${tag}</span>
<h1>${escapeHtml(row.title)}</h1>
<p>${escapeHtml(row.description)}</p>
<p>This page plays the partner's site. ${how}</p>
<form method="post" action="/partner/demo/complete">${hidden}<input type="hidden" name="status" value="approved">
<button class="primary" type="submit">Complete offer</button></form>
${pending}`,
    );
  });

  app.post('/partner/demo/complete', async (request, reply) => {
    reply.type('text/html; charset=utf-8');
    const body = z
      .object({
        click_id: z.string().min(1).max(64),
        status: z.enum(['approved', 'pending', 'reversed']).default('approved'),
        member: z.string().max(256).optional(),
      })
      .safeParse(request.body);
    if (!body.success) {
      return reply
        .status(400)
        .send(
          page('Error', `<h1 class="err">Invalid request</h1><p>Start the offer again from the app.</p>`),
        );
    }
    const { click_id: clickId, status } = body.data;
    const row = await findClickedOffer(app.db, clickId);
    const network = row ? await networkOf(row.networkId) : null;
    const tag = escapeHtml(network ? network.name : 'Demo Partner Network');
    let answer: { status: number; text: string };
    let accepted: boolean;
    let error = 'Unknown error';
    if (row && row.networkId !== null) {
      if (!network) {
        return reply
          .status(502)
          .send(page('Error', `<h1 class="err">Unknown network</h1><p>This offer's network is gone.</p>`));
      }
      // The network knows the member by what the offer link gave it: the sub-id, else the click id.
      const params = demoNetworkParams(network, {
        clickId,
        member: memberRef(body.data.member),
        externalOfferId: row.externalOfferId,
        status,
      });
      const signed = signNetworkPostback(network, params, { origin: app.config.publicUrl });
      answer = await callSelf({ method: 'GET', url: signed.url, headers: signed.headers });
      accepted = answer.status >= 200 && answer.status < 300;
      if (!accepted) error = readError(answer.text);
    } else {
      const params: Record<string, string> = {
        click_id: clickId,
        transaction_id: `demo-${clickId}`,
        payout: '1.50',
        currency: 'USD',
        status,
      };
      params.sig = signPostback(params, app.config.postbackSecret ?? '');
      answer = await callSelf({
        method: 'POST',
        url: '/api/postback.php',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(params).toString(),
      });
      const result = parseJson(answer.text) as { success?: boolean; error?: string } | null;
      accepted = answer.status === 200 && !!result?.success;
      if (!accepted) error = result?.error ?? readError(answer.text);
    }
    if (!accepted) {
      return reply
        .status(502)
        .send(
          page(
            'Error',
            `<span class="tag">${tag}</span><h1 class="err">Postback refused</h1><p>${escapeHtml(error)}</p>`,
          ),
        );
    }
    const member = escapeHtml(memberRef(body.data.member));
    const hidden = `<input type="hidden" name="click_id" value="${escapeHtml(clickId)}"><input type="hidden" name="member" value="${member}">`;
    // After a completion the demo can play the network's later cancellation (a reversal or chargeback).
    const reverse =
      status === 'approved' && speaks(network, 'reversed')
        ? `<form method="post" action="/partner/demo/complete">${hidden}<input type="hidden" name="status" value="reversed">
<button class="secondary" type="submit">Network cancels it later (reversal)</button></form>`
        : '';
    const done =
      status === 'approved'
        ? `<h1 class="ok">Offer completed!</h1><p>SpinRewards has been notified. Go back to the app: your slot-machine spin is ready.</p>`
        : status === 'pending'
          ? `<h1 class="ok">Submitted for verification</h1><p>The offer shows as "Verifying..." in the app until the network approves it.</p>`
          : `<h1 class="ok">Conversion reversed</h1><p>The network cancelled this conversion. An unused spin is taken back; a spin already used is recorded as a clawback against the member.</p>`;
    return page(
      'Done',
      `<span class="tag">${tag}</span>${done}<a class="btn primary" href="/dashboard">Return to SpinRewards</a>${reverse}`,
    );
  });
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

/** A refusal's message: the `error` of a JSON body, else the body itself, shortened. */
function readError(text: string): string {
  const json = parseJson(text) as { error?: unknown } | null;
  if (json && typeof json.error === 'string') return json.error;
  return text.slice(0, 200) || 'Unknown error';
}
