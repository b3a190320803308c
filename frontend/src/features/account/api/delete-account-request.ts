import { useMutation } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';

async function requestAccountDeletion(input: { email: string; note: string }): Promise<void> {
  await api.post('/v2/delete-account-request', input);
}

export const useRequestAccountDeletion = () => useMutation({ mutationFn: requestAccountDeletion });
