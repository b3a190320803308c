import './spinner.css';

/** A light spinner (no UI library needed on the first screen). */
export function Spinner({ label = 'Loading…' }: { label?: string }) {
  return (
    <div className="el-spinner" role="status" aria-live="polite">
      <span className="el-spinner__wheel" aria-hidden="true" />
      <span className="el-visually-hidden">{label}</span>
    </div>
  );
}
