import { defineConfig, mergeConfig } from 'vitest/config';

import viteConfig from './vite.config.ts';

export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      environment: 'jsdom',
      include: ['src/**/*.test.{ts,tsx}'],
      setupFiles: ['./src/test/setup.ts'],
      css: false,
      // antd forms and tables render slowly in jsdom; on a shared 2-core CI box under load a
      // test of a few clicks can take well over vitest's 5 s default without anything wrong.
      testTimeout: 30_000,
      // Each file in a fresh module registry cost 35 of the suite's 63 s (importing antd and
      // building jsdom 23 times). The files share nothing but the modules: every test renders
      // into its own container (cleanup after each), fakes the API per test and builds its own
      // query client, so one registry per worker is safe and takes the suite to about 30 s.
      isolate: false,
    },
  }),
);
