import { LightTag, type TagColour } from '../../../components/LightTag';

const COLOURS = { danger: 'red', warning: 'gold', success: 'green', info: 'blue', dark: 'dark', primary: 'geekblue' } as const satisfies Record<
  string,
  TagColour
>;

/** A status with the colour docs/product.md#status-colours gives it (computed by the domain). */
export function StatusBadge({ status, colour }: { status: string; colour: keyof typeof COLOURS }) {
  return (
    <LightTag colour={COLOURS[colour]} data-colour={colour}>
      {status}
    </LightTag>
  );
}
