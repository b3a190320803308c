import { createHash } from 'node:crypto';

export const agreementHash = (text: string): string => createHash('sha256').update(text).digest('hex');
export const contractNameOf = (projectId: number, hash: string): string => `escrow-agreement-job-${projectId}-${hash.slice(0, 12)}`;
