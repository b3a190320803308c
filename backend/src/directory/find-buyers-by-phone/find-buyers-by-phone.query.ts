import { type BuyerMatch, invalid } from '@escrow/domain';
import { type IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';

import { normalizePhone, UsersRepository } from '../../identity';
import { PHONE_NEEDS_TEN_DIGITS } from '../buyers';

/** GET /api/customer/search/phone/{phone}: buyers with that phone, in any format but all 10 digits (docs/product.md#buyer-phone-search). */
export class FindBuyersByPhone extends Query<BuyerMatch[]> {
  constructor(readonly phone: string) {
    super();
  }
}

@QueryHandler(FindBuyersByPhone)
export class FindBuyersByPhoneHandler implements IQueryHandler<FindBuyersByPhone> {
  constructor(private readonly users: UsersRepository) {}

  async execute(query: FindBuyersByPhone): Promise<BuyerMatch[]> {
    const phone = normalizePhone(query.phone);
    if (!phone) throw invalid('phone_digits', PHONE_NEEDS_TEN_DIGITS);
    // Found by that phone, so each buyer's phone is the one searched for.
    return (await this.users.buyersByPhone(phone)).map((u) => ({ user_id: u.user_id, first_name: u.first_name, last_name: u.last_name, phone }));
  }
}
