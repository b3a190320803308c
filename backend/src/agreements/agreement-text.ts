import { createHash } from 'node:crypto';

export const agreementHash = (text: string): string => createHash('sha256').update(text).digest('hex');
export const contractNameOf = (jobId: number, hash: string): string => `escrow-agreement-job-${jobId}-${hash.slice(0, 12)}`;
