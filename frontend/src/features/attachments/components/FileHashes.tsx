import type { AttachmentView } from '@escrow/domain';
import type { ReactNode } from 'react';

import { LightButton } from '../../../components/LightButton';
import { useToasts } from '../../../components/toasts/toasts';
import { shortHash } from './texts';

/**
 * A file's SHA-256s, each saying which it is. A document is stored as it was uploaded: one hash.
 * An image is stored drawn again without its metadata, so the hash of what is stored (what the
 * ledger's checks read) is shown beside the hash of the photo as its sender uploaded it (what
 * they can check their own copy against). A file recorded before uploads were hashed says so.
 * `children` (Remove) follow the first line.
 */
export function FileHashes({ file: f, children }: { file: AttachmentView; children?: ReactNode }) {
  if (f.original_sha256 === f.sha256)
    return (
      <div className="el-files__hash">
        <Hash label="SHA-256" hash={f.sha256} name={f.name} suffix=" (stored as uploaded)" /> {children}
      </div>
    );
  return (
    <>
      <div className="el-files__hash">
        <Hash label="SHA-256 as stored" hash={f.sha256} name={f.name} which="as stored" /> {children}
      </div>
      <div className="el-files__hash">
        {f.original_sha256 === null ? (
          <span className="el-muted">SHA-256 as uploaded: not recorded</span>
        ) : (
          <Hash label="SHA-256 as uploaded" hash={f.original_sha256} name={f.name} which="as uploaded" />
        )}
      </div>
    </>
  );
}

/** One hash: shown short, read out whole, copied whole. */
function Hash({ label, hash, name, which, suffix }: { label: string; hash: string; name: string; which?: string; suffix?: string }) {
  const { message } = useToasts();
  const what = `SHA-256 of ${name}${which ? ` ${which}` : ''}`;
  const copy = () =>
    navigator.clipboard.writeText(hash).then(
      () => void message.success(`${what} copied.`),
      () => void message.error('The browser did not let us copy; select the hash and copy it.'),
    );
  return (
    <>
      <span className="el-muted">{label} </span>
      <code title={hash} aria-hidden="true">
        {shortHash(hash)}
      </code>
      {suffix && <span className="el-muted">{suffix}</span>}
      <span className="el-visually-hidden">{hash}</span>{' '}
      <LightButton size="small" variant="link" onClick={copy} aria-label={`Copy the ${what}`}>
        Copy
      </LightButton>
    </>
  );
}
