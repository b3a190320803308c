import { LightButtonLink } from '../../../components/LightButton';
import type { Company } from '../api/directory';

/** Name, city, state and a VIEW THEIR PROFILE button (docs/product.md#contractor-list). */
export function CompanyCard({ company }: { company: Company }) {
  return (
    <article className="el-card el-company-card" aria-label={company.name}>
      <div className="el-company-card__head">
        {company.company_img && <img className="el-company-card__logo" src={company.company_img} alt="" />}
        <div>
          <h3 className="el-company-card__name">{company.name}</h3>
          <p className="el-company-card__place">{[company.city, company.state].filter(Boolean).join(', ')}</p>
        </div>
      </div>
      <LightButtonLink to={`/company/${company.company_id}`} className="el-company-card__link">
        VIEW THEIR PROFILE
      </LightButtonLink>
    </article>
  );
}
