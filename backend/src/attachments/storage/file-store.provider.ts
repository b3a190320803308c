import { join } from 'node:path';

import type { Provider } from '@nestjs/common';

import type { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/config.tokens';
import type { FileStore } from './file-store';
import { LocalFileStore } from './local-file-store';
import type * as S3Store from './s3-file-store';

export const FILE_STORE = Symbol('FILE_STORE');

/** The store ATTACHMENT_STORE names: a folder under DATA_DIR, or an S3-compatible bucket. */
export function fileStoreOf(config: AppConfig): FileStore {
  const { store } = config.attachments;
  if (store.kind === 's3') {
    // Required only when chosen: the AWS SDK took about 100 ms of every start.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { s3ClientOf, S3FileStore } = require('./s3-file-store') as typeof S3Store;
    return new S3FileStore(s3ClientOf(store), store.bucket, store.prefix);
  }
  return new LocalFileStore(join(config.dataDir, 'attachments'));
}

export const fileStoreProvider: Provider = { provide: FILE_STORE, inject: [APP_CONFIG], useFactory: fileStoreOf };
