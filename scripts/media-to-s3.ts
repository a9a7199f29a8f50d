// `npm run media:to-s3`: copies the media of DATA_DIR/uploads into the S3 bucket configured with
// MEDIA_S3_* (docs/deploy.md). Safe to run again: only what the bucket lacks is copied.
import { loadConfig } from '../apps/server/src/config.js';
import { copyMedia } from '../apps/server/src/lib/storage/copy.js';
import { LocalStorage, S3Storage } from '../apps/server/src/lib/storage/index.js';

const config = loadConfig();
if (!config.mediaS3) {
  console.error('Set MEDIA_S3_BUCKET (and MEDIA_S3_ENDPOINT, MEDIA_S3_ACCESS_KEY_ID, … ) to the bucket to copy into.');
  process.exit(2);
}
const from = new LocalStorage(config.uploadsDir);
const to = new S3Storage(config.mediaS3);
try {
  await to.check();
  const { seen, copied } = await copyMedia(from, to, (done, n) => process.stdout.write(`\r${done} files, ${n} copied`));
  console.log(
    `\nDone: ${seen} files in ${config.uploadsDir}, ${copied} copied to s3://${config.mediaS3.bucket}/${config.mediaS3.prefix}`,
  );
} catch (err) {
  console.error(`\nCopy failed: ${err instanceof Error ? err.message : err}`);
  process.exitCode = 1;
} finally {
  to.close();
}
