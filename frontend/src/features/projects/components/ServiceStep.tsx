import type { ServiceView } from '@escrow/domain';

/** The main service of a new project (docs/product.md#new-project-screen): the services sorted by name, none preselected. */
export function ServiceStep({ services, value, onChange }: { services: ServiceView[]; value: string; onChange: (service: string) => void }) {
  const sorted = [...services].sort((a, b) => a.service_name.localeCompare(b.service_name));
  return (
    <label className="el-field" htmlFor="main-service">
      Main Service Provided
      <select id="main-service" value={value} onChange={(e) => onChange(e.target.value)} required>
        <option value="">Select a service</option>
        {sorted.map((s) => (
          <option key={s.service_name} value={s.service_name}>
            {s.service_name}
          </option>
        ))}
      </select>
    </label>
  );
}
