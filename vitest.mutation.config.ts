import { defineConfig } from 'vitest/config';
import base from './vitest.config.js';

/**
 * The tests Stryker runs against the mutated services (`npm run mutation`): the module tests of the
 * services that carry rules and the API-wide guards. SQLite only (the script unsets TEST_DATABASE_URL).
 * MUTATION_TESTS (comma-separated globs) narrows them when trying one service, e.g.
 * `MUTATION_TESTS='apps/server/src/modules/comments/*.test.ts' npm run mutation -- --mutate apps/server/src/modules/comments/service.ts`.
 */
const only = process.env.MUTATION_TESTS?.split(',').filter(Boolean);
// Not mergeConfig: it would append these to the base include list instead of replacing it.
export default defineConfig({
  ...base,
  test: {
    ...base.test,
    // a mutated run on a busy machine: slow set-ups are not failures
    testTimeout: 120_000,
    hookTimeout: 300_000,
    // Stryker's instrumented code is slower: the tests that time code skip their clock (MUTATION_RUN)
    env: { MUTATION_RUN: '1' },
    include: only?.length
      ? only
      : [
          'apps/server/src/modules/{auth,users,articles,comments,role-requests,notifications,media,inbox,api-tokens}/**/*.test.ts',
          // the GDPR export/erase parts of these services are tested through the privacy module
          'apps/server/src/modules/privacy/**/*.test.ts',
          // the comments service's moderation side (setStatus, announce, held comments, the queue's
          // reads) is tested through the moderation module: without these, ~90 comments mutants
          // "survived" only because the tests that kill them were not run
          'apps/server/src/modules/moderation/**/*.test.ts',
          'apps/server/src/ssr/{cache-invalidation,reader-api}.test.ts',
          'apps/server/test/authz-matrix.test.ts',
          'apps/server/test/bad-input.test.ts',
        ],
  },
});
