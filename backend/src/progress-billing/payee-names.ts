import type { CompanyNameMatch, PayApplicationView, ProgressBillingView } from '@escrow/domain';
import { Injectable } from '@nestjs/common';

import { DirectoryService } from '../directory';

/** A billing answer before the directory named its payees (the views are built from the stream's state alone). */
export type Unnamed<T extends ProgressBillingView | PayApplicationView> = Omit<T, 'payee_names'>;
type AnyUnnamed = Unnamed<ProgressBillingView> | Unnamed<PayApplicationView>;

function payeeIdsOf(view: AnyUnnamed): number[] {
  if ('versions' in view) {
    return [...view.lines, ...view.versions.flatMap((v) => v.lines), ...view.change_orders.flatMap((o) => o.new_lines)].map((l) => l.payee_id);
  }
  return [...view.lines.map((l) => l.payee_id), ...view.payees.map((p) => p.payee_id)];
}

/**
 * Names the companies a billing answer pays, from the directory (as the PDF and the CSV do), so a
 * screen never shows a bare id. Names are not in the events: a company renamed reads renamed.
 */
@Injectable()
export class PayeeNames {
  constructor(private readonly directory: DirectoryService) {}

  async named<T extends AnyUnnamed>(view: T): Promise<T & { payee_names: CompanyNameMatch[] }> {
    const names = await this.directory.companyNames(new Set(payeeIdsOf(view)));
    const payee_names = [...names].map(([company_id, name]) => ({ company_id, name })).sort((a, b) => a.company_id - b.company_id);
    return { ...view, payee_names };
  }
}
