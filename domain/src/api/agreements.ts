/** The API's escrow agreement answers (/portal/project-agreement, /portal/signed/{contract_name}). */

import type { CompanyRole } from '../teams/permissions';

/** A party's signature of the text shown. */
export interface AgreementSignatureView {
  /** The name the party typed to sign: the signer's own legal name. */
  signed_name: string;
  at: string;
  /** For the seller, the signer's role in its company then (issue 37); null for the buyer and on older signatures. */
  signer_company_role: CompanyRole | null;
}

/** Who signed the text shown, by side; null for a side that has not signed it. */
export interface AgreementSignaturesView {
  buyer: AgreementSignatureView | null;
  seller: AgreementSignatureView | null;
}

/** A side's latest signature when it is of an earlier text of the agreement. */
export interface EarlierSignatureView {
  at: string;
  /** The name of the text it signed (GET /api/agreements/{name} shows it). */
  contract_name: string;
}

/** Sides whose latest signature is of an earlier text; null for a side that signed this text or never signed. */
export interface EarlierSignaturesView {
  buyer: EarlierSignatureView | null;
  seller: EarlierSignatureView | null;
}

/** GET /api/job/{id}/agreement: the escrow agreement as the project's terms read now, with its signatures. */
export interface AgreementView {
  job_id: number;
  /** The name this text is signed and kept under. */
  contract_name: string;
  /** SHA-256 of the text (hex): a signature names the text it signed by it. */
  agreement_hash: string;
  text: string;
  /** The side the caller signs for; null for an administrator. */
  your_party: 'customer' | 'company' | null;
  signatures: AgreementSignaturesView;
  /** A side whose signature is of an earlier text: the terms changed since it signed; it signs this text before the next deposit. */
  earlier_signatures: EarlierSignaturesView;
}

/** A signed text as it was signed (GET /api/agreements/{name}, POST /api/job/{id}/agreement/sign). */
export interface SignedAgreementView {
  contract_name: string;
  job_id: number;
  /** SHA-256 of the text (hex). */
  agreement_hash: string;
  text: string;
  signatures: AgreementSignaturesView;
}
