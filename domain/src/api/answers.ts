/** An answer that only confirms, in words a person reads ("Logged out.", "Email Sent."). */
export interface MessageAnswer {
  message: string;
}

/** GET /api/user when nobody is signed in: an empty object (docs/product.md#access-checks: "user_id above 0" fails). */
export interface NobodySignedIn {
  [key: string]: never;
}
