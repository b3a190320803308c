import { useId } from 'react';

import { chart } from '../../../design/tokens';

/**
 * Series in one chart are told apart by a pattern as well as a colour (WCAG 1.4.1): a reader who
 * does not see the colours, or prints in grey, still matches each bar or slice to its legend entry,
 * whose swatch is drawn with the same pattern. Every colour reads at 3:1 or more on white (1.4.11).
 */
type Pattern = 'solid' | 'stripes' | 'dots' | 'crosshatch' | 'grid';

export interface Series {
  key: string;
  colour: string;
  pattern: Pattern;
}

function Tile({ id, colour, pattern }: { id: string; colour: string; pattern: Pattern }) {
  const marks: Record<Pattern, React.ReactNode> = {
    solid: null,
    stripes: <path d="M-2,2 l4,-4 M0,8 l8,-8 M6,10 l4,-4" stroke={chart.mark} strokeWidth={1.6} />,
    dots: <circle cx={4} cy={4} r={1.6} fill={chart.mark} />,
    crosshatch: <path d="M0,0 L8,8 M8,0 L0,8" stroke={chart.mark} strokeWidth={1.2} />,
    grid: <path d="M4,0 V8 M0,4 H8" stroke={chart.mark} strokeWidth={1.2} />,
  };
  return (
    <pattern id={id} width={8} height={8} patternUnits="userSpaceOnUse" data-pattern={pattern}>
      <rect width={8} height={8} fill={colour} />
      {marks[pattern]}
    </pattern>
  );
}

/**
 * The patterns of a chart's series, as SVG definitions to render inside the chart, and the fill
 * of each (`url(#…)`, unique on the page).
 */
export function useSeriesPatterns(series: Series[]) {
  const prefix = useId().replace(/[^a-zA-Z0-9_-]/g, '');
  const idOf = (key: string) => `el-pattern-${prefix}-${key.replace(/[^a-zA-Z0-9_-]/g, '-')}`;
  const fill = (key: string) => `url(#${idOf(key)})`;
  const defs = (
    <defs>
      {series.map((s) => (
        <Tile key={s.key} id={idOf(s.key)} colour={s.colour} pattern={s.pattern} />
      ))}
    </defs>
  );
  return { defs, fill };
}
