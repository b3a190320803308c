import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { ListObjectsV2Command, PutObjectCommand } from '@aws-sdk/client-s3';
import S3rver from 's3rver';

import { fileStoreContract } from './file-store.contract';
import { s3ClientOf, S3FileStore } from './s3-file-store';

/**
 * The S3 adapter against s3rver, an S3-protocol server from npm, on loopback: the SDK's real
 * requests (multipart upload, copy, head, get, delete) go over HTTP. What this run does not
 * prove (docs/attachments.md): AWS's or MinIO's own behaviour (consistency, permissions,
 * lifecycle rules). docker-compose's `minio` service runs the same suite against MinIO
 * (`ATTACHMENT_S3_TEST_ENDPOINT`).
 */
const BUCKET = 'escrow-attachments';
const PREFIX = 'test/';

fileStoreContract(process.env.ATTACHMENT_S3_TEST_ENDPOINT ? 'S3 (MinIO)' : 'S3 (s3rver)', async () => {
  let server: S3rver | null = null;
  let directory: string | null = null;
  let endpoint = process.env.ATTACHMENT_S3_TEST_ENDPOINT ?? null;
  if (!endpoint) {
    directory = await mkdtemp(join(tmpdir(), 'escrow-s3rver-'));
    server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: BUCKET }] });
    const { port } = await server.run();
    endpoint = `http://127.0.0.1:${port}`;
  }
  const client = s3ClientOf({
    bucket: BUCKET,
    prefix: PREFIX,
    region: 'us-east-1',
    endpoint,
    forcePathStyle: true,
    credentials: {
      accessKeyId: process.env.ATTACHMENT_S3_TEST_ACCESS_KEY ?? 'S3RVER',
      secretAccessKey: process.env.ATTACHMENT_S3_TEST_SECRET_KEY ?? 'S3RVER',
    },
  });
  const keys = async (under: string) =>
    ((await client.send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: `${PREFIX}${under}` }))).Contents ?? []).map((o) => o.Key!);
  return {
    store: new S3FileStore(client, BUCKET, PREFIX),
    stored: async () => (await keys('objects/')).map((k) => k.slice(k.lastIndexOf('/') + 1)).sort(),
    leftovers: () => keys('incoming/'),
    tamper: async (sha256) => {
      await client.send(new PutObjectCommand({ Bucket: BUCKET, Key: `${PREFIX}objects/${sha256.slice(0, 2)}/${sha256}`, Body: 'changed' }));
    },
    close: async () => {
      client.destroy();
      await server?.close();
      if (directory) await rm(directory, { recursive: true, force: true });
    },
  };
});
