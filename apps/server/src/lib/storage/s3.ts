import type { Readable } from 'node:stream';
import type { S3Client } from '@aws-sdk/client-s3';
import type { S3Settings } from '../../config.js';
import { loadS3Sdk } from '../lazy.js';
import type { MediaStorage, StoredObject } from './index.js';

export type { S3Settings } from '../../config.js';

const isMissing = (err: unknown) => {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === 'NoSuchKey' || e?.name === 'NotFound' || e?.$metadata?.httpStatusCode === 404;
};

/** S3-compatible object storage through the AWS SDK: the same client code in tests and production. */
export class S3Storage implements MediaStorage {
  readonly kind = 's3';
  private readonly client: S3Client;
  /** The SDK loads with the first S3Storage: a server on local storage never carries it. */
  private readonly sdk = loadS3Sdk();

  constructor(private readonly s: S3Settings) {
    this.client = new this.sdk.S3Client({
      region: s.region,
      endpoint: s.endpoint,
      forcePathStyle: s.forcePathStyle,
      ...(s.accessKeyId && s.secretAccessKey
        ? { credentials: { accessKeyId: s.accessKeyId, secretAccessKey: s.secretAccessKey } }
        : {}),
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  private key(name: string): string {
    return this.s.prefix + name;
  }

  async exists(name: string): Promise<boolean> {
    try {
      await this.client.send(new this.sdk.HeadObjectCommand({ Bucket: this.s.bucket, Key: this.key(name) }));
      return true;
    } catch (err) {
      if (isMissing(err)) return false;
      throw err;
    }
  }

  async putOnce(name: string, data: Buffer, contentType: string): Promise<void> {
    if (await this.exists(name)) return;
    await this.client.send(
      new this.sdk.PutObjectCommand({
        Bucket: this.s.bucket,
        Key: this.key(name),
        Body: data,
        ContentType: contentType,
        CacheControl: 'public, max-age=31536000, immutable',
      }),
    );
  }

  async remove(name: string): Promise<void> {
    // S3 answers a delete of a missing key with success as well
    await this.client.send(new this.sdk.DeleteObjectCommand({ Bucket: this.s.bucket, Key: this.key(name) }));
  }

  async get(name: string): Promise<StoredObject | null> {
    try {
      const res = await this.client.send(new this.sdk.GetObjectCommand({ Bucket: this.s.bucket, Key: this.key(name) }));
      return { body: res.Body as Readable, size: res.ContentLength, contentType: res.ContentType };
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }

  async *list(prefix = ''): AsyncIterable<string> {
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new this.sdk.ListObjectsV2Command({
          Bucket: this.s.bucket,
          Prefix: this.s.prefix + prefix,
          ContinuationToken: token,
        }),
      );
      for (const o of page.Contents ?? []) if (o.Key) yield o.Key.slice(this.s.prefix.length);
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  async check(): Promise<void> {
    await this.client.send(new this.sdk.HeadBucketCommand({ Bucket: this.s.bucket }));
  }

  close(): void {
    this.client.destroy();
  }
}
