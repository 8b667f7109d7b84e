import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin, type UserConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { precompress } from './build/vite-precompress';
import { stacklessReactErrors } from './build/vite-stackless-errors';
import { isPageModule, PRELOAD_ATTRIBUTES, withPreloads } from './server/lib/member-pages';

/**
 * The stylesheet (about 6 KB compressed) goes inside index.html instead of a render-blocking request:
 * on a phone network that request is a whole round trip before the first paint. The file is still
 * emitted (and precached), nothing else refers to it.
 */
function inlineEntryCss(): Plugin {
  return {
    name: 'member-inline-entry-css',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        return html.replace(
          /<link rel="stylesheet" crossorigin href="\/(assets\/[^"]+\.css)">/g,
          (tag, file) => {
            const asset = ctx.bundle?.[file];
            if (!asset || asset.type !== 'asset') return tag;
            return `<style>${String(asset.source)}</style>`;
          },
        );
      },
    },
  };
}

/**
 * The entry chunk only boots (member/src/main.tsx): React DOM and the app arrive through dynamic
 * imports, evaluated one task each after the loader's first paint. Their chunks (and what they import
 * statically) are preloaded from the HTML, at low priority, so that they download beside the entry.
 */
function memberBootPreloads(): Plugin {
  return {
    name: 'member-boot-preloads',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle) return html;
        const entry = Object.values(bundle).find((c) => c.type === 'chunk' && c.isEntry);
        if (!entry || entry.type !== 'chunk') throw new Error('member build: no entry chunk');
        const files = new Set<string>();
        const add = (file: string) => {
          const chunk = bundle[file];
          if (files.has(file) || !chunk || chunk.type !== 'chunk' || chunk.isEntry) return;
          files.add(file);
          chunk.imports.forEach(add);
        };
        // Every dynamic import of the entry but the pages (server/lib/member-pages.ts preloads a
        // page's chunks in the HTML of a direct visit to it).
        for (const file of entry.dynamicImports) {
          const chunk = bundle[file];
          const id = chunk?.type === 'chunk' ? path.relative(process.cwd(), chunk.facadeModuleId ?? '') : '';
          if (!isPageModule(id.replace(/\\/g, '/'))) add(file);
        }
        // Vite's own preloads of the entry's static imports get the same low priority.
        const lowered = html.replace(
          /<link rel="modulepreload" crossorigin href=/g,
          `<link rel="modulepreload" ${PRELOAD_ATTRIBUTES} href=`,
        );
        return withPreloads(lowered, [...files]);
      },
    },
  };
}

// The member PWA: root index.html → dist/member (the admin console builds separately with
// admin/vite.config.ts). The server serves dist/member at / with an SPA fallback.
export const MEMBER_OUT_DIR = 'dist/member';

export default defineConfig(({ command }) => {
  // `npm start` and the e2e setup run with NODE_ENV=development; a build must still ship
  // production React (a development bundle is 60 KB gzip heavier and much slower).
  if (command === 'build') process.env.NODE_ENV = 'production';
  return config;
});

const config = {
  plugins: [
    react(),
    VitePWA({
      // Updates by prompt (UpdatePrompt with useRegisterSW), never by surprise.
      registerType: 'prompt',
      injectRegister: false,
      includeAssets: ['favicon-32x32.png', 'favicon.ico', 'favicon.svg', 'apple-touch-icon.png'],
      manifest: {
        id: '/',
        name: 'SpinRewards',
        short_name: 'SpinRewards',
        description: 'Complete offers, spin & win rewards!',
        theme_color: '#6d28d9',
        background_color: '#f6f4fb',
        display: 'standalone',
        orientation: 'portrait',
        // The installed app opens to the member's pages, not to '/' (which goes to /login): offline, the
        // saved dashboard and vouchers show at once (docs/product-rules.md#offline). `id` stays '/', so
        // an installed copy keeps its identity.
        start_url: '/dashboard',
        scope: '/',
        shortcuts: [
          {
            name: 'My vouchers',
            short_name: 'Vouchers',
            description: 'Your voucher codes, readable offline',
            url: '/rewards',
            icons: [{ src: '/pwa-192x192.png', sizes: '192x192', type: 'image/png' }],
          },
          {
            name: 'Offers',
            short_name: 'Offers',
            description: 'Complete offers and spin',
            url: '/dashboard',
            icons: [{ src: '/pwa-192x192.png', sizes: '192x192', type: 'image/png' }],
          },
        ],
        icons: [
          { src: '/pwa-192x192.png', sizes: '192x192', type: 'image/png' },
          { src: '/pwa-512x512.png', sizes: '512x512', type: 'image/png' },
          { src: '/maskable-icon-512x512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png,ico,webmanifest}'],
        // Firebase is needed only to sign in, which cannot happen offline: not worth precaching.
        globIgnores: ['**/firebase-*.js'],
        navigateFallback: '/index.html',
        // The app shell must not answer for the API, the admin console, Firebase's auth
        // handler or the demo partner's pages (docs/product-rules.md#offline).
        navigateFallbackDenylist: [/^\/api\//, /^\/admin(\/|$)/, /^\/__\//, /^\/partner(\/|$)/],
        cleanupOutdatedCaches: true,
        // Web Push (issue 38): the push and notificationclick handlers, a plain script of public/.
        importScripts: ['/push-sw.js'],
      },
      devOptions: { enabled: false },
    }),
    stacklessReactErrors(),
    inlineEntryCss(),
    memberBootPreloads(),
    precompress(),
  ],
  resolve: {
    alias: [
      // react-router's package exports only its development build (warnings, dev checks); the
      // production build ships beside it.
      {
        find: /^react-router$/,
        replacement: fileURLToPath(
          new URL('./node_modules/react-router/dist/production/index.mjs', import.meta.url),
        ),
      },
    ],
  },
  build: {
    outDir: MEMBER_OUT_DIR,
    emptyOutDir: true,
    // tooling/size.ts follows the manifest to measure each page's first load.
    manifest: true,
    target: 'es2022',
    // No modulepreload polyfill in the entry (about 0.3 KB gzip of /login's budget): every browser the
    // es2022 target runs in supports modulepreload but Safari before 17, where a preload is only a hint
    // missed (the chunks still load, one after another).
    modulePreload: { polyfill: false },
    commonjsOptions: { strictRequires: false },
    rollupOptions: {
      output: {
        // Chunks under 2 KB are merged into the chunks always loaded with them: /dashboard's first
        // load went from 18 requests to 13 and /login's from 12 to 9 (fewer requests competing with
        // hydration on the phone's CPU; docs/decisions/member-boot-in-steps.md), and /login's bytes did not grow.
        experimentalMinChunkSize: 2_000,
        manualChunks(id) {
          if (id.includes('node_modules/firebase/') || id.includes('node_modules/@firebase/'))
            return 'firebase';
          // The live-events connection is imported only after sign-in (app/live-updates.ts), but as a
          // chunk under 2 KB the merge above may join it to a chunk the boot loads, and so to /login's
          // first load (1 KB gzip it does not need). A manual chunk is never merged; the module has no
          // runtime imports, so it brings nothing else with it.
          if (id.endsWith('/member/src/lib/live-events.ts')) return 'live-events';
          return undefined;
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': 'http://localhost:3000',
      '/admin': 'http://localhost:3000',
      '/partner': 'http://localhost:3000',
    },
  },
} satisfies UserConfig;
