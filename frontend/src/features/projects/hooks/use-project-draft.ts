import type { NewProjectFormData, ProjectSummary } from '@escrow/domain';
import { useEffect, useRef, useState } from 'react';

import { useToasts } from '../../../components/toasts/toasts';
import { errorMessage } from '../../../lib/api-client';
import { TOAST_PARTY_ADDED_MS } from '../../../lib/timers';
import { type NewProjectState, useCreateBuyer, useCreateDraft, useUpdateDraft } from '../api/new-project';
import type { Party } from '../components/new-project.rules';

interface DraftOwner {
  user: { user_id: number; first_name: string; last_name: string; phone?: string | null; email: string };
  customerInitiated: boolean;
  /** A draft taken up again keeps its own service, buyer and seller. */
  draft?: ProjectSummary;
  /** What the new-project form knows already (a seller's own company). */
  formData?: NewProjectFormData;
}

/**
 * The new-project screen's choices and the draft they make (docs/product.md#project-draft-and-submit): nothing is preselected; the
 * draft is created once the service and the buyer are set, and each later choice is saved to it.
 */
export function useProjectDraft({ user, customerInitiated, draft, formData }: DraftOwner) {
  const { message, notification } = useToasts();
  const [service, setService] = useState(draft?.service ?? '');
  const [buyer, setBuyer] = useState<Party | null>(draft ? { id: draft.customer_id, name: draft.customer_name ?? '' } : null);
  const [newCustomer, setNewCustomer] = useState(false);
  const [chosenSeller, setChosenSeller] = useState<Party | null>(
    draft?.primary_company_id ? { id: draft.primary_company_id, name: draft.primary_company_name ?? '' } : null,
  );
  // A seller starting the project is its seller: their company comes with the form.
  const ownCompany = formData?.company_id;
  const seller = chosenSeller ?? (!customerInitiated && ownCompany ? { id: ownCompany, name: formData?.primary_company_name ?? '' } : null);
  const { mutate: createBuyer } = useCreateBuyer();
  const createDraft = useCreateDraft();
  const saveService = useUpdateDraft();
  const saveSeller = useUpdateDraft();
  const projectId = createDraft.data?.job_id ?? draft?.job_id ?? null;
  const creating = useRef(false);
  const [idempotencyKey] = useState(() => globalThis.crypto?.randomUUID?.() ?? `${Date.now()}-${Math.random()}`);

  useEffect(() => {
    if (customerInitiated && !buyer) {
      // The buyer started it: they are the buyer (docs/product.md#new-buyer: user_id when the buyer is the current user).
      createBuyer(
        { first_name: user.first_name, last_name: user.last_name, phone: user.phone ?? '', email: user.email, user_id: user.user_id },
        {
          onSuccess: (me) => setBuyer({ id: me.customer_id, name: me.customer_name }),
          onError: (e) => notification.error({ title: 'Error Creating Project', description: errorMessage(e), duration: 5 }),
        },
      );
    }
  }, [customerInitiated, buyer, user, notification, createBuyer]);

  const state = (): NewProjectState => ({
    job_id: projectId,
    customer_id: buyer!.id,
    customer_name: buyer!.name,
    service,
    primary_company_id: seller?.id ?? null,
    primary_company_name: seller?.name ?? null,
    customerInitiated,
    new_customer: newCustomer,
    alreadyExisted: !newCustomer,
  });

  // The draft is created once the buyer is set (docs/product.md#project-draft-and-submit); the call runs once and is skipped when the project exists.
  useEffect(() => {
    if (projectId || creating.current || !buyer || !service) return;
    creating.current = true;
    createDraft.mutate(
      { state: state(), idempotencyKey },
      {
        onError: () => {
          creating.current = false;
          notification.error({ title: 'Error Creating Project', description: 'Please reload the page and try again.', duration: 5 });
        },
      },
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [buyer, service, projectId]);

  const changeService = (next: string) => {
    setService(next);
    if (projectId && buyer)
      saveService.mutate(
        { state: { ...state(), job_id: projectId, service: next }, primary: { company_id: seller?.id ?? null } },
        { onError: (e) => void message.error(errorMessage(e)) },
      );
  };

  const chooseBuyer = (chosen: Party, isNew: boolean) => {
    setBuyer(chosen);
    setNewCustomer(isNew);
  };

  const chooseSeller = (chosen: Party) => {
    if (!projectId) return;
    saveSeller.mutate(
      {
        state: { ...state(), job_id: projectId, primary_company_id: chosen.id, primary_company_name: chosen.name },
        primary: { company_id: chosen.id, primary_company_name: chosen.name },
      },
      {
        onSuccess: () => {
          setChosenSeller(chosen);
          void message.success({ content: 'Seller added', duration: TOAST_PARTY_ADDED_MS / 1000 });
        },
        onError: (e) => void message.error(errorMessage(e)),
      },
    );
  };

  return { projectId, service, buyer, seller, changeService, chooseBuyer, chooseSeller, savingSeller: saveSeller.isPending };
}
