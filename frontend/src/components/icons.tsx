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
}: {
  d: string;
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
      className={`el-icon el-icon--${name}${className ? ` ${className}` : ''}`}
      style={style}
    >
      <svg viewBox={viewBox} focusable="false" data-icon={name} width="1em" height="1em" fill="currentColor" aria-hidden="true">
        <path d={d} />
      </svg>
    </span>
  );
}

export type IconProps = { label?: string; title?: string; style?: React.CSSProperties };

export const LockFilledIcon = (props: IconProps) => (
  <Icon
    name="lock"
    d="M832 464h-68V240c0-70.7-57.3-128-128-128H388c-70.7 0-128 57.3-128 128v224h-68c-17.7 0-32 14.3-32 32v384c0 17.7 14.3 32 32 32h640c17.7 0 32-14.3 32-32V496c0-17.7-14.3-32-32-32zM540 701v53c0 4.4-3.6 8-8 8h-40c-4.4 0-8-3.6-8-8v-53a48.01 48.01 0 1156 0zm152-237H332V240c0-30.9 25.1-56 56-56h248c30.9 0 56 25.1 56 56v224z"
    {...props}
  />
);

export const CheckCircleFilledIcon = (props: IconProps) => (
  <Icon
    name="check-circle"
    d="M512 64C264.6 64 64 264.6 64 512s200.6 448 448 448 448-200.6 448-448S759.4 64 512 64zm193.5 301.7l-210.6 292a31.8 31.8 0 01-51.7 0L318.5 484.9c-3.8-5.3 0-12.7 6.5-12.7h46.9c10.2 0 19.9 4.9 25.9 13.3l71.2 98.8 157.2-218c6-8.3 15.6-13.3 25.9-13.3H699c6.5 0 10.3 7.4 6.5 12.7z"
    {...props}
  />
);

export const ExclamationCircleFilledIcon = (props: IconProps) => (
  <Icon
    name="exclamation-circle"
    d="M512 64C264.6 64 64 264.6 64 512s200.6 448 448 448 448-200.6 448-448S759.4 64 512 64zm-32 232c0-4.4 3.6-8 8-8h48c4.4 0 8 3.6 8 8v272c0 4.4-3.6 8-8 8h-48c-4.4 0-8-3.6-8-8V296zm32 440a48.01 48.01 0 010-96 48.01 48.01 0 010 96z"
    {...props}
  />
);

export const InboxOutlinedIcon = (props: IconProps & { className?: string }) => (
  <Icon
    name="inbox"
    viewBox="0 0 1024 1024"
    d="M885.2 446.3l-.2-.8-112.2-285.1c-5-16.1-19.9-27.2-36.8-27.2H281.2c-17 0-32.1 11.3-36.9 27.6L139.4 443l-.3.7-.2.8c-1.3 4.9-1.7 9.9-1 14.8-.1 1.6-.2 3.2-.2 4.8V830a60.9 60.9 0 0060.8 60.8h627.2c33.5 0 60.8-27.3 60.9-60.8V464.1c0-1.3 0-2.6-.1-3.7.4-4.9 0-9.6-1.3-14.1zm-295.8-43l-.3 15.7c-.8 44.9-31.8 75.1-77.1 75.1-22.1 0-41.1-7.1-54.8-20.6S436 441.2 435.6 419l-.3-15.7H229.5L309 210h399.2l81.7 193.3H589.4zm-375 76.8h157.3c24.3 57.1 76 90.8 140.4 90.8 33.7 0 65-9.4 90.3-27.2 22.2-15.6 39.5-37.4 50.7-63.6h156.5V814H214.4V480.1z"
    {...props}
  />
);
