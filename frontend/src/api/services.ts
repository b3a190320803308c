import type { ServiceView } from '@escrow/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '../lib/api-client';

/** The services companies offer (the contract's ServiceView): the directory's search, the new-project screen and the console all list them. */
type Service = ServiceView;

const serviceKeys = { all: ['directory', 'services'] as const };

async function getServices(): Promise<Service[]> {
  const { data } = await api.get<Service[]>('/services');
  // Services sorted by service_name, docs/product.md#sorting (the API sorts too; the screen must not depend on it).
  return [...data].sort((a, b) => a.service_name.localeCompare(b.service_name));
}
const servicesQuery = () => queryOptions({ queryKey: serviceKeys.all, queryFn: getServices, staleTime: 10 * 60_000 });
export const useServices = () => useQuery(servicesQuery());
