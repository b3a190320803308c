import './light-spin.css';

/**
 * A loading place without a UI library, for the first screen: antd's Spin under our theme
 * (light-spin.css), centred in a band, its label read by screen readers. The only spinner drawn
 * outside antd.
 */
export function Spinner({ label = 'Loading…', size = 'large' }: { label?: string; size?: 'small' | 'middle' | 'large' }) {
  return (
    <div className="el-spinner" role="status" aria-live="polite">
      <span className={size === 'large' ? 'el-spin' : `el-spin el-spin--${size}`} aria-hidden="true">
        <span className="el-spin__holder">
          <span className="el-spin__dot">
            <i className="el-spin__item" />
            <i className="el-spin__item" />
            <i className="el-spin__item" />
            <i className="el-spin__item" />
          </span>
        </span>
      </span>
      <span className="el-visually-hidden">{label}</span>
    </div>
  );
}
