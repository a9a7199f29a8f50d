/**
 * Mutation testing of the services that carry the rules (`npm run mutation`; not part of `npm test`).
 * One service while iterating: `npm run mutation -- --mutate apps/server/src/modules/comments/service.ts`.
 * Several: comma-separated paths (the CLI splits `--mutate` on commas, so `{auth,users}` braces break).
 * Report: reports/mutation/index.html. Runs on SQLite only, two workers (the machine is shared).
 * @type {import('@stryker-mutator/api/core').PartialStrykerOptions}
 */
export default {
  testRunner: 'vitest',
  vitest: { configFile: 'vitest.mutation.config.ts', related: false },
  plugins: ['@stryker-mutator/vitest-runner'],
  coverageAnalysis: 'perTest',
  // Static mutants (module-level constants) need the whole suite per mutant: ~6 h of the ~7 h run
  // on 2 cores. They are reported as ignored; the score is over the mutants tests can select.
  ignoreStatic: true,
  // Issue 39 split articles, comments and moderation by sub-domain: every file of theirs but routes
  // and tests is mutated (the routes are HTTP glue, covered by the API-wide tests).
  mutate: [
    'apps/server/src/modules/{auth,users,role-requests,notifications,media,inbox}/service.ts',
    'apps/server/src/modules/{articles,comments,moderation}/*.ts',
    '!apps/server/src/modules/{articles,comments,moderation}/{routes,*.test}.ts',
  ],
  concurrency: 2,
  timeoutMS: 20_000,
  dryRunTimeoutMinutes: 30,
  // Off by default: a stale incremental file (another commit's tests) reported old results as
  // current. `npm run mutation -- --incremental` reuses it on purpose.
  incremental: false,
  incrementalFile: 'reports/mutation/stryker-incremental.json',
  reporters: ['clear-text', 'progress', 'html', 'json'],
  htmlReporter: { fileName: 'reports/mutation/index.html' },
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  thresholds: { high: 90, low: 80, break: null },
  tempDirName: '.stryker-tmp',
  // The web app's sources stay out of the sandbox, its build comes in: the server's page tests
  // (crops, desk fields, cache invalidation) render through it (`npm run build` first).
  ignorePatterns: ['apps/web/*', '!apps/web/build', 'docs', 'reports', 'test-results*', 'playwright-report', 'data'],
  cleanTempDir: 'always',
};
