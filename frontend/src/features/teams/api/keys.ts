/** The teams feature's query keys (issue 37); mutations invalidate through the same factory. */
export const teamKeys = {
  all: ['team'] as const,
  mine: () => [...teamKeys.all, 'mine'] as const,
  ofCompany: (companyId: number) => [...teamKeys.all, 'company', companyId] as const,
  invitation: (code: string) => [...teamKeys.all, 'invitation', code] as const,
};
