import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The console SPA. `npm run build` writes it to dist/console; in dev, /api is proxied to the
// console server (which `vite preview` inherits as well).
export default defineConfig({
  root: '.',
  plugins: [react()],
  build: {
    outDir: 'dist/console',
    emptyOutDir: true,
    sourcemap: false,
  },
  server: {
    proxy: {
      '/api': {
        target: 'http://127.0.0.1:4400',
        changeOrigin: false,
      },
    },
  },
});
