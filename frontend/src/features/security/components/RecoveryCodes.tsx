import { Alert, Button, Space } from 'antd';
import { useState } from 'react';

import { fontSize, space } from '../../../design/tokens';

export const RECOVERY_CODES_TITLE = 'Save your recovery codes';
const RECOVERY_CODES_HELP =
  'If you lose your phone and your passkeys, each of these codes signs you in once. They are shown only now: copy them or download them, and keep them somewhere safe.';

/** Ten single-use recovery codes, shown once (issue 25): copy, download as .txt, then "I saved them". */
export function RecoveryCodes({ codes, onSaved }: { codes: string[]; onSaved: () => void }) {
  const [copied, setCopied] = useState<string | null>(null);
  const text = `Escrow Ledger recovery codes (each works once)\n\n${codes.join('\n')}\n`;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied('Copied. Paste them somewhere safe.');
    } catch {
      setCopied('This browser did not allow copying: download them or write them down.');
    }
  };
  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'escrow-ledger-recovery-codes.txt';
    document.body.appendChild(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };
  return (
    <section aria-labelledby="recovery-codes-title" data-testid="recovery-codes">
      <h3 id="recovery-codes-title">{RECOVERY_CODES_TITLE}</h3>
      <p>{RECOVERY_CODES_HELP}</p>
      <ol className="el-recovery-codes" style={{ fontFamily: 'monospace', fontSize: fontSize.lg, columns: 2, paddingInlineStart: space.lg }}>
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ol>
      <Space wrap>
        <Button onClick={copy}>Copy</Button>
        <Button onClick={download}>Download as .txt</Button>
        <Button type="primary" onClick={onSaved}>
          I saved them
        </Button>
      </Space>
      {copied && <Alert type="info" title={copied} showIcon role="status" style={{ marginTop: space.sm }} />}
    </section>
  );
}
