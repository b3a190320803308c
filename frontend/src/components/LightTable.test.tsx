import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { type LightColumn, LightTable } from './LightTable';

interface Row {
  id: number;
  name: string;
  held: number;
}
const ROWS: Row[] = [
  { id: 1, name: 'Roof', held: 50 },
  { id: 2, name: 'Cabinets', held: 900 },
  { id: 3, name: 'Deck', held: 300 },
];
const COLUMNS: LightColumn<Row>[] = [
  { title: 'Project', dataIndex: 'name', sorter: (a, b) => a.name.localeCompare(b.name) },
  { title: 'Held', align: 'right', defaultSortOrder: 'descend', sorter: (a, b) => a.held - b.held, render: (_, r) => `$${r.held}` },
];
const rowNames = () => screen.getAllByRole('rowheader').map((th) => th.textContent);

describe('LightTable', () => {
  it('reads every cell with its column and its row: th scope=col per column, th scope=row per row', () => {
    render(<LightTable label="Held" rowKey="id" rows={ROWS} columns={COLUMNS} />);
    const table = screen.getByRole('table', { name: 'Held' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.getAttribute('scope')),
    ).toEqual(['col', 'col']);
    expect(
      within(table)
        .getAllByRole('rowheader')
        .map((th) => th.getAttribute('scope')),
    ).toEqual(['row', 'row', 'row']);
    expect(
      within(table)
        .getAllByRole('cell')
        .map((td) => td.textContent),
    ).toEqual(['$900', '$300', '$50']);
  });

  it('sorts by a header button and says the order of the sorted column only', async () => {
    render(<LightTable label="Held" rowKey="id" rows={ROWS} columns={COLUMNS} />);
    const [project, held] = screen.getAllByRole('columnheader');
    expect(held).toHaveAttribute('aria-sort', 'descending');
    expect(project).not.toHaveAttribute('aria-sort');
    expect(rowNames()).toEqual(['Cabinets', 'Deck', 'Roof']);

    await userEvent.click(within(held!).getByRole('button', { name: 'Held' }));
    expect(held).toHaveAttribute('aria-sort', 'ascending');
    expect(rowNames()).toEqual(['Roof', 'Deck', 'Cabinets']);

    await userEvent.click(within(project!).getByRole('button', { name: 'Project' }));
    expect(project).toHaveAttribute('aria-sort', 'ascending');
    expect(held).not.toHaveAttribute('aria-sort');
    expect(rowNames()).toEqual(['Cabinets', 'Deck', 'Roof']);
  });

  it('says when there is nothing to show instead of drawing headers over no rows', () => {
    render(<LightTable label="Held" rowKey="id" rows={[]} columns={COLUMNS} empty="No project holds funds." />);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.getByText('No project holds funds.')).toBeVisible();
  });
});
