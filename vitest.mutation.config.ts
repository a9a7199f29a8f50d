import { defineConfig, mergeConfig } from 'vitest/config';
import base from './vitest.config.js';

/**
 * The tests Stryker runs against the mutated services (`npm run mutation`): the module tests of the
 * services that carry rules and the API-wide guards. SQLite only (the script unsets TEST_DATABASE_URL).
 */
export default mergeConfig(
  base,
  defineConfig({
    test: {
      include: [
        'apps/server/src/modules/{auth,users,articles,comments,role-requests,notifications,media,inbox,api-tokens}/**/*.test.ts',
        'apps/server/src/ssr/{cache-invalidation,reader-api}.test.ts',
        'apps/server/test/authz-matrix.test.ts',
        'apps/server/test/bad-input.test.ts',
      ],
    },
  }),
);
