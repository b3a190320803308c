/** Query keys of bank accounts; the portal's key is the one the deposit dialog has always read. */
export const bankAccountKeys = {
  mine: () => ['bank-accounts'] as const,
  ofCompany: (companyId: number) => ['admin', 'companies', companyId, 'bank-accounts'] as const,
};
