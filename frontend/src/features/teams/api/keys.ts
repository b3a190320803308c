/** The teams feature's query keys (issue 37); mutations invalidate through the same factory. */
export const teamKeys = {
  all: ['team'] as const,
  mine: () => [...teamKeys.all, 'mine'] as const,
  ofCompany: (companyId: number) => [...teamKeys.all, 'company', companyId] as const,
  invitation: (code: string) => [...teamKeys.all, 'invitation', code] as const,
  securityLog: (page: number, userId: number | null) => [...teamKeys.all, 'security-log', page, userId] as const,
};
