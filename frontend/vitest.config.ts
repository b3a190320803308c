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
    },
  }),
);
