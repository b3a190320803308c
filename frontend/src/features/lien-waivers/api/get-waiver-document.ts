import type { LienWaiverDocument } from '@escrow/domain';
import { useQuery } from '@tanstack/react-query';

import { waiverKeys } from '../../../api/waivers';
import { api } from '../../../lib/api-client';

export const useWaiverDocument = (name: string) =>
  useQuery({ queryKey: waiverKeys.document(name), queryFn: async () => (await api.get<LienWaiverDocument>(`/waivers/${encodeURIComponent(name)}`)).data });
