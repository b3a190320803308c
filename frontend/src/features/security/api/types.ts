/** The security feature's query keys. The answers' types are the API contract's, from @escrow/domain. */
export const securityKeys = {
  all: ['security'] as const,
  account: () => [...securityKeys.all, 'account'] as const,
  sessions: () => [...securityKeys.all, 'sessions'] as const,
  log: (page: number) => [...securityKeys.all, 'log', page] as const,
  recentFactors: () => [...securityKeys.all, 'recent-factors'] as const,
  factorAlert: (code: string) => [...securityKeys.all, 'factor-alert', code] as const,
  adminLog: (filters: { userId: string; kind: string; page: number }) => [...securityKeys.all, 'admin-log', filters] as const,
};
