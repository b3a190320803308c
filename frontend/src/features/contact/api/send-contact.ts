import type { MessageAnswer } from '@escrow/domain';
import { useMutation } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';

export interface ContactInput {
  name: string;
  email: string;
  phone?: string;
  message: string;
}

async function sendContact(input: ContactInput): Promise<MessageAnswer> {
  const { data } = await api.post<MessageAnswer>('/contact', input);
  return data;
}

export const useSendContact = () => useMutation({ mutationFn: sendContact });
