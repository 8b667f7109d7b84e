// Serves the built member app at / and the console at /admin/, each with its SPA fallback.
// index.html is never cached (so a new service worker and build are picked up); hashed assets are immutable.
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import { memberPageHtml } from '../lib/member-pages';
import { isServerRenderedPage, renderForMember, renderLoginPage, withRenderedPage } from '../lib/member-ssr';
import { MEMBER_COOKIE } from './auth';

export default fp(
  async function staticPlugin(app: FastifyInstance, opts: { distDir: string }) {
    const memberDir = path.join(opts.distDir, 'member');
    const adminDir = path.join(opts.distDir, 'admin');
    const setHeaders = (reply: FastifyReply, file: string) => {
      if (file.includes(`${path.sep}assets${path.sep}`))
        reply.header('cache-control', 'public, max-age=31536000, immutable');
      else reply.header('cache-control', 'no-cache');
    };
    const hasMember = existsSync(path.join(memberDir, 'index.html'));
    const hasAdmin = existsSync(path.join(adminDir, 'index.html'));
    if (hasMember) {
      await app.register(fastifyStatic, {
        root: memberDir,
        prefix: '/',
        // wildcard: files are looked up per request, so a rebuild is served without a restart.
        wildcard: true,
        index: ['index.html'],
        setHeaders,
        // The build writes .br and .gz beside every asset; send them to browsers that accept them.
        preCompressed: true,
      });
    }
    if (hasAdmin) {
      await app.register(fastifyStatic, {
        root: adminDir,
        prefix: '/admin/',
        decorateReply: !hasMember,
        wildcard: true,
        index: ['index.html'],
        setHeaders,
        preCompressed: true,
      });
    }

    const sendIndex = (reply: FastifyReply, dir: string) =>
      reply.header('cache-control', 'no-cache').sendFile('index.html', dir);
    /** The member app's index.html, read again when a rebuild changes it. */
    const memberIndex = (() => {
      let stamp = -1;
      let html = '';
      return () => {
        const file = path.join(memberDir, 'index.html');
        const mtime = statSync(file).mtimeMs;
        if (mtime !== stamp) {
          html = readFileSync(file, 'utf8');
          stamp = mtime;
        }
        return html;
      };
    })();

    // A direct visit to a member page: its HTML names the page's chunks as modulepreloads.
    const pageHtml = memberPageHtml(memberDir);
    const encodingFor = (request: FastifyRequest) => {
      const accepted = String(request.headers['accept-encoding'] ?? '');
      return /\bbr\b/.test(accepted) ? 'br' : /\bgzip\b/.test(accepted) ? 'gzip' : null;
    };
    /** The page rendered for the signed-in member (server/lib/member-ssr.ts), or null. */
    const renderedPage = async (request: FastifyRequest, reply: FastifyReply, url: string) => {
      if (!isServerRenderedPage(url)) return null;
      const base = pageHtml(url, false);
      if (!base) return null;
      try {
        const rendered = await renderForMember(app, url, String(request.headers.cookie ?? ''));
        const html = rendered && withRenderedPage(base.identity.toString(), rendered);
        if (!rendered || !html) return null;
        if (rendered.setCookies.length > 0) reply.header('set-cookie', rendered.setCookies);
        return Buffer.from(html);
      } catch (error) {
        request.log.warn({ err: error }, 'member page not rendered on the server; the app shell stands in');
        return null;
      }
    };
    /** The sign-in page rendered on the server (server/lib/member-ssr.ts), or null. */
    const loginPage = async (request: FastifyRequest) => {
      try {
        const query = request.url.indexOf('?');
        const rendered = await renderLoginPage(query === -1 ? '' : request.url.slice(query));
        const html = rendered && withRenderedPage(memberIndex(), rendered);
        return html ? Buffer.from(html) : null;
      } catch (error) {
        request.log.warn({ err: error }, 'sign-in page not rendered on the server; the loader stands in');
        return null;
      }
    };
    const sendMemberPage = async (request: FastifyRequest, reply: FastifyReply, url: string) => {
      // A member session cookie gets the page rendered with their data, or (a session the API
      // refuses, a failure) the page's app shell; the app then checks the session itself. The
      // sign-in page needs no data: rendered for everyone.
      const signedIn = Boolean(request.cookies?.[MEMBER_COOKIE]);
      const rendered =
        url === '/login'
          ? await loginPage(request)
          : signedIn
            ? await renderedPage(request, reply, url)
            : null;
      const page = rendered ? null : pageHtml(url, signedIn);
      if (!rendered && !page) return sendIndex(reply, memberDir);
      const encoding = encodingFor(request);
      reply
        // A page rendered with a member's session holds their own data: never stored by a shared cache.
        .header('cache-control', rendered && signedIn ? 'private, no-cache' : 'no-cache')
        .header('vary', 'accept-encoding, cookie')
        .type('text/html; charset=utf-8');
      if (encoding) reply.header('content-encoding', encoding);
      if (rendered) {
        // Compressed per request, quickly (the shared pages are compressed once, at the maximum).
        return reply.send(
          encoding === 'br'
            ? brotliCompressSync(rendered, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } })
            : encoding === 'gzip'
              ? gzipSync(rendered, { level: 6 })
              : rendered,
        );
      }
      return reply.send(encoding === 'br' ? page!.br : encoding === 'gzip' ? page!.gzip : page!.identity);
    };

    app.setNotFoundHandler((request, reply) => {
      const url = request.url.split('?')[0]!;
      if (url.startsWith('/api/') || (request.method !== 'GET' && request.method !== 'HEAD')) {
        return reply.status(404).send({ success: false, error: 'Not found' });
      }
      if (url === '/admin' || url.startsWith('/admin/')) {
        if (hasAdmin) return sendIndex(reply, adminDir);
      } else if (hasMember && !path.extname(url)) {
        // Client-side routes (including the 404 page) are the member app's.
        return sendMemberPage(request, reply, url);
      }
      return reply
        .status(404)
        .type('text/plain')
        .send('Not found. Run `npm run build` if the app has not been built.');
    });
  },
  { name: 'static' },
);
