import { Tag } from 'antd';

const COLOURS = { danger: 'red', warning: 'gold', success: 'green', info: 'blue', dark: '#333333', primary: 'geekblue' } as const;

/** A status with the colour of spec §9's mapping (computed by the domain). */
export function StatusBadge({ status, colour }: { status: string; colour: keyof typeof COLOURS }) {
  return (
    <Tag color={COLOURS[colour]} data-colour={colour} style={{ marginInlineEnd: 0 }}>
      {status}
    </Tag>
  );
}
