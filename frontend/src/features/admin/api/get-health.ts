import type { HealthView } from '@escrow/domain';
import { useQuery } from '@tanstack/react-query';
import { isAxiosError } from 'axios';

import { api } from '../../../lib/api-client';
import { adminKeys } from './keys';

/** The instance's health; a database that does not answer is a 503 whose body says so. */
const getHealth = async (): Promise<HealthView> => {
  try {
    return (await api.get<HealthView>('/health')).data;
  } catch (error) {
    if (isAxiosError<HealthView>(error) && error.response?.status === 503 && error.response.data) return error.response.data;
    throw error;
  }
};

export const useHealth = () => useQuery({ queryKey: adminKeys.health(), queryFn: getHealth, refetchInterval: 5000 });
