import path from 'node:path';
import type { Config } from '@react-router/dev/config';

export default {
  ssr: true,
  appDirectory: 'app',
  // WEB_BUILD_DIR (an absolute path inside the repository) lets two builds exist side by side,
  // e.g. parallel browser-test runs; the server reads the same variable.
  buildDirectory: process.env.WEB_BUILD_DIR ? path.resolve(process.env.WEB_BUILD_DIR) : 'build',
} satisfies Config;
