import { invalid } from '../shared/errors';
import { safeText } from '../shared/text';

/** What a payee's user sends to sign a waiver text: the name typed, their name on the account, and the text read. */
export interface WaiverSignatureInput {
  signedName: string;
  legalName: string;
  waiverHash: string;
  waiverName: string;
}

const HASH = /^[0-9a-f]{64}$/;
const WAIVER_NAME = /^[a-z0-9-]{1,120}$/;
const normalName = (name: string) => name.trim().replace(/\s+/g, ' ');

/**
 * The checks every lien waiver signature passes, whatever payment it is for (a milestone's, a
 * pay application's or a retainage release's): the text named by its hash, and the signer's own
 * legal name typed. The deciders check first that the signer is the payee and the waiver is due.
 */
export function requireWaiverSignature(data: WaiverSignatureInput): void {
  if (!HASH.test(data.waiverHash) || !WAIVER_NAME.test(data.waiverName)) throw invalid('waiver_hash', 'Name the waiver text you read.');
  const signedName = normalName(safeText(data.signedName, 'signature'));
  if (signedName.length < 2) throw invalid('signature_required', 'Type your full name to sign.');
  if (signedName.length > 200) throw invalid('signature_too_long', 'That name is too long.');
  const legalName = normalName(data.legalName);
  if (signedName.toLocaleLowerCase('en-US') !== legalName.toLocaleLowerCase('en-US')) {
    throw invalid('signature_not_legal_name', `Sign with your own legal name as it is on your account: ${legalName}.`);
  }
}
