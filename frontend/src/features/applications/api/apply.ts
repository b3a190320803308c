import type { ContractorApplicationReceipt } from '@escrow/domain';
import { useMutation } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';
import { normalizeEmail, phoneDigits } from '../../../lib/format';

export interface ApplicationInput {
  company_name: string;
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  street?: string;
  city: string;
  state: string;
  zip_code?: string;
  services: string[];
  license?: string;
  insurance?: string;
  website_link?: string;
  message?: string;
}

async function applyAsContractor(input: ApplicationInput): Promise<ContractorApplicationReceipt> {
  const { data } = await api.post<ContractorApplicationReceipt>('/contractor/applications', {
    ...input,
    email: normalizeEmail(input.email),
    phone: phoneDigits(input.phone),
  });
  return data;
}

export const useApplyAsContractor = () => useMutation({ mutationFn: applyAsContractor });
