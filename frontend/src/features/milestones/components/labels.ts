import type { TagColour } from '../../../components/LightTag';

/** The version labels at a glance: agreed green, rejected red, waiting for a decision gold. */
export function labelColour(label: string): TagColour | undefined {
  if (label === 'APPROVED MILESTONE') return 'green';
  if (label.endsWith('(Rejected)')) return 'red';
  if (label === 'PROPOSED EDIT' || label.endsWith('(Edit Submitted)')) return 'gold';
  return undefined;
}
