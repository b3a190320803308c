import './company-page.css';

import { useParams } from 'react-router-dom';

import { LightTag } from '../components/LightTag';
import { Notice } from '../components/Notice';
import { Spinner } from '../components/Spinner';
import { useCompany, useCompanyServices } from '../features/directory/api/directory';
import { errorMessage } from '../lib/api-client';
import { formatPhoneDisplay } from '../lib/format';

/** A contractor's profile (docs/product.md#company-profile): name in capitals with the logo, contact details, services as badges. */
export function CompanyPage() {
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const company = useCompany(valid ? id : 0);
  const services = useCompanyServices(valid ? id : 0);

  if (!valid)
    return (
      <div className="el-page el-container">
        <Notice tone="warning" title="There is no such contractor." />
      </div>
    );
  if (company.isPending) return <Spinner label="Loading the profile…" />;
  if (company.isError)
    return (
      <div className="el-page el-container">
        <Notice tone="danger" title="We could not load this contractor.">
          {errorMessage(company.error)}
        </Notice>
      </div>
    );
  const c = company.data;
  return (
    <div className="el-page el-container el-company">
      <header className="el-company__head">
        {c.company_img && <img className="el-company__logo" src={c.company_img} alt={`${c.name} logo`} />}
        <h1 className="el-company__name">{c.name.toUpperCase()}</h1>
      </header>
      <div className="el-grid el-grid--2">
        <section className="el-card" aria-label="Contact">
          <h2>Contact</h2>
          <address className="el-company__address">
            {c.street && <div>{c.street}</div>}
            <div>
              {[c.city, c.state].filter(Boolean).join(', ')} {c.zip_code}
            </div>
          </address>
          <dl className="el-company__facts">
            {c.phone && (
              <>
                <dt>Phone</dt>
                <dd>
                  <a href={`tel:+1${c.phone}`}>{formatPhoneDisplay(c.phone)}</a>
                </dd>
              </>
            )}
            {c.contact_email && (
              <>
                <dt>Email</dt>
                <dd>
                  <a href={`mailto:${c.contact_email}`}>{c.contact_email}</a>
                </dd>
              </>
            )}
            {/* Only web links become links: the API refuses other schemes, older rows may predate that. */}
            {c.website_link && (
              <>
                <dt>Website</dt>
                <dd>
                  {/^https?:\/\//i.test(c.website_link) ? (
                    <a href={c.website_link} target="_blank" rel="noreferrer noopener">
                      {c.website_link.replace(/^https?:\/\//i, '')}
                    </a>
                  ) : (
                    c.website_link
                  )}
                </dd>
              </>
            )}
          </dl>
        </section>
        <section className="el-card" aria-label="Credentials">
          <h2>Credentials</h2>
          <dl className="el-company__facts">
            <dt>License number</dt>
            <dd>{c.license ?? 'Not provided'}</dd>
            <dt>Insurance provider</dt>
            <dd>{c.insurance ?? 'Not provided'}</dd>
          </dl>
        </section>
      </div>
      {c.bio && (
        <section className="el-company__bio">
          <h2>About</h2>
          <p>{c.bio}</p>
        </section>
      )}
      <section aria-label="Services Offered">
        <h2>Services Offered</h2>
        <ul className="el-badges">
          {(services.data ?? []).map((s) => (
            <li key={s}>
              <LightTag>{s}</LightTag>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
