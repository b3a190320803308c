import './light-icon.css';

/**
 * The few Ant Design icons a first paint shows, as inline SVG (the paths of @ant-design/icons-svg,
 * drawn as its Icon component draws them): the icon package's runtime is not needed for them.
 * With a label, the icon is an image of that name; without, it is hidden from screen readers.
 */
export function Icon({
  d,
  name,
  label,
  title,
  style,
  className,
  viewBox = '64 64 896 896',
  evenOdd = false,
  spin = false,
}: {
  d: string;
  /** As the icon's file has it (`fill-rule="evenodd"`). */
  evenOdd?: boolean;
  /** Turning, as antd's `anticon-spin` (a loading button's circle). */
  spin?: boolean;
  /** As the icon's file in @ant-design/icons-svg has it. */
  viewBox?: string;
  name: string;
  label?: string;
  title?: string;
  style?: React.CSSProperties;
  className?: string;
}) {
  return (
    <span
      role={label ? 'img' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
      title={title}
      className={['el-icon', `el-icon--${name}`, spin && 'el-icon--spin', className].filter(Boolean).join(' ')}
      style={style}
    >
      <svg
        viewBox={viewBox}
        focusable="false"
        data-icon={name}
        width="1em"
        height="1em"
        fill="currentColor"
        fillRule={evenOdd ? 'evenodd' : undefined}
        aria-hidden="true"
      >
        <path d={d} />
      </svg>
    </span>
  );
}

export type IconProps = { label?: string; title?: string; style?: React.CSSProperties; className?: string };
