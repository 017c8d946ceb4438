import { defineConfig } from 'vite';

/**
 * The map application, built into static files the gateway serves at `/` and `/p/<parcel id>`.
 * Preact through JSX (automatic runtime); MapLibre in its own chunk so the app code stays small.
 */
export default defineConfig({
  root: import.meta.dirname,
  base: '/',
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    chunkSizeWarningLimit: 1200,
    rolldownOptions: {
      output: {
        codeSplitting: { groups: [{ name: 'maplibre', test: /node_modules[\\/]maplibre-gl/ }] },
      },
    },
  },
  server: {
    // `npx vite apps/web` during development: the API of a running `npm start` on the same origin.
    proxy: { '/v1': 'http://127.0.0.1:8080' },
  },
});
