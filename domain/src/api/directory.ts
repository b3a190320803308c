/** The API's directory answers, written once for the backend and the console. */

/** A contractor application as the admin console lists it (GET /api/admin/contractor-applications). */
export interface ContractorApplicationView {
  application_id: number;
  company_name: string;
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  street: string | null;
  city: string;
  state: string;
  zip_code: string | null;
  services: string[];
  license: string | null;
  insurance: string | null;
  website_link: string | null;
  message: string | null;
  status: 'pending' | 'approved' | 'rejected';
  /** The company created when it was approved. */
  company_id: number | null;
  /** The administrator who decided it. */
  decided_by: number | null;
  decided_at: string | null;
  created_at: string;
}
