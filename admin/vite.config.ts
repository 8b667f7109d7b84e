import { fileURLToPath } from 'node:url';
import { defineConfig, type UserConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from '../build/vite-precompress';
import { stacklessReactErrors } from '../build/vite-stackless-errors';

// The admin console: its own entry (admin/index.html), served by the server at /admin/ from dist/admin.
const root = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig(({ command }) => {
  // `npm start` builds with NODE_ENV=development in its environment; a build must still ship
  // production React (the development bundle is several hundred KB heavier and much slower).
  if (command === 'build') process.env.NODE_ENV = 'production';
  return config;
});

const config = {
  root,
  base: '/admin/',
  plugins: [react(), stacklessReactErrors(), precompress()],
  build: {
    outDir: fileURLToPath(new URL('../dist/admin', import.meta.url)),
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
    rollupOptions: {
      output: {
        manualChunks: {
          react: ['react', 'react-dom', 'react-router', 'react-router-dom'],
          mui: ['@mui/material'],
          'react-admin': ['react-admin'],
          charts: ['recharts'],
        },
      },
    },
  },
  server: {
    port: 5174,
    proxy: { '/api': 'http://localhost:3000' },
  },
} satisfies UserConfig;
