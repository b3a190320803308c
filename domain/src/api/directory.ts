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

/** The name of a service a company offers ("Roofing"); names are unique. */
export type ServiceName = string;

/** A service anyone may choose (GET /api/services, sorted by name; the new-project form's dropdown). */
export interface ServiceView {
  service_name: ServiceName;
}

/** A member company as the public directory shows it (GET /api/company/{id}, GET /api/companies/search). */
export interface CompanyView {
  company_id: number;
  name: string;
  /** The company's name again, under the name the new-project screen reads it by. */
  primary_company_name: string;
  /** Address of the company's logo, when it has one. */
  company_img: string | null;
  street: string | null;
  city: string | null;
  /** Two-letter state code ("AZ"). */
  state: string | null;
  zip_code: string | null;
  phone: string | null;
  contact_email: string | null;
  website_link: string | null;
  /** The contractor licence, as the company wrote it. */
  license: string | null;
  /** The insurance, as the company wrote it. */
  insurance: string | null;
  bio: string | null;
}

/** A company whose name contains the text searched (GET /api/companies/search/{text}): seller and payee pickers. */
export interface CompanyNameMatch {
  company_id: number;
  name: string;
}

/** A buyer found by phone (GET /api/customer/search/phone/{phone}). */
export interface BuyerMatch {
  user_id: number;
  first_name: string;
  last_name: string;
  /** The ten digits searched for: every match has them. */
  phone: string;
}

/** The buyer of a new project, created or (when the buyer starts it) the user themself (POST /api/job/customer/new). */
export interface ProjectBuyerView {
  /** The buyer's user id, under the name the new-project screen reads it by. */
  customer_id: number;
  user_id: number;
  first_name: string;
  last_name: string;
  phone: string | null;
  email: string;
  /** "First Last". */
  customer_name: string;
}

/** POST /api/contractor/applications: the application is recorded, waiting for an administrator. */
export interface ContractorApplicationReceipt {
  application_id: number;
}

/** POST /api/admin/contractor-applications/{id}/approve: the company and its invited user it created. */
export interface ContractorApplicationApproval {
  application_id: number;
  company_id: number;
  /** The applicant's new user, invited by mail to choose a password. */
  user_id: number;
}

/** POST /api/admin/contractor-applications/{id}/reject. */
export interface ContractorApplicationRejection {
  application_id: number;
  status: 'rejected';
}
