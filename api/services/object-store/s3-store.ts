// The object store as an S3-compatible bucket (S3_BUCKET and the other S3_* settings, api/config.ts). The SDK is
// loaded on first use, so that a process on the disk store never loads it.
import type * as S3 from '@aws-sdk/client-s3';
import { checkKey, checkPrefix } from './object-keys.ts';
import type { ObjectInfo, ObjectStore } from './object-store.ts';

export interface S3Settings {
  bucket: string;
  /** Unset: AWS itself. */
  endpoint: string | undefined;
  region: string;
  /** Unset: the SDK's own sources (AWS_* variables, an instance role). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  /** bucket in the path (https://host/bucket/key), as MinIO and most S3-compatible stores want. */
  forcePathStyle: boolean;
}

export function s3Store(settings: S3Settings): ObjectStore {
  const Bucket = settings.bucket;
  let loaded: Promise<{ client: S3.S3Client; sdk: typeof S3 }> | undefined;
  const sdk = () =>
    (loaded ??= import('@aws-sdk/client-s3').then((s3) => ({
      sdk: s3,
      client: new s3.S3Client({
        region: settings.region,
        endpoint: settings.endpoint,
        credentials: settings.credentials,
        forcePathStyle: settings.forcePathStyle,
        // Checksums only where S3 requires them: several S3-compatible stores refuse the SDK's default ones.
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
      }),
    })));

  return {
    async put(key, bytes, options) {
      const { client, sdk: s3 } = await sdk();
      await client.send(
        new s3.PutObjectCommand({
          Bucket,
          Key: checkKey(key),
          Body: bytes,
          ContentType: options.contentType,
          CacheControl: options.cacheControl,
        }),
      );
    },

    async get(key) {
      const { client, sdk: s3 } = await sdk();
      try {
        const answer = await client.send(new s3.GetObjectCommand({ Bucket, Key: checkKey(key) }));
        return { bytes: Buffer.from(await answer.Body!.transformToByteArray()), lastModified: answer.LastModified ?? new Date(0) };
      } catch (err) {
        // Only a missing object is "none": a missing bucket or a refusal is an error to see.
        if (err instanceof s3.NoSuchKey) return null;
        throw err;
      }
    },

    async delete(key) {
      const { client, sdk: s3 } = await sdk();
      await client.send(new s3.DeleteObjectCommand({ Bucket, Key: checkKey(key) }));
    },

    async list(prefix) {
      const { client, sdk: s3 } = await sdk();
      const found: ObjectInfo[] = [];
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new s3.ListObjectsV2Command({ Bucket, Prefix: checkPrefix(prefix), ContinuationToken }));
        for (const object of page.Contents ?? []) {
          if (object.Key && object.LastModified) found.push({ key: object.Key, lastModified: object.LastModified });
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
      return found;
    },
  };
}
