/** Names for ids in a view: people and companies live in the directory, not in events. */
export interface Names {
  person(userId: number | null): string | null;
  company(companyId: number | null): string | null;
}
