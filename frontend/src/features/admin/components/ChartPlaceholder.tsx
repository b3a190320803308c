/**
 * What stands in a chart's place while its code (recharts, the largest part of the console) loads
 * after the page's first paint: the same box, so nothing below it moves when the chart arrives,
 * and the same name, so a screen reader hears what the chart shows before and after.
 */
export function ChartPlaceholder({ label, height }: { label: string; height?: number }) {
  return (
    <div
      className="el-admin__chart el-admin__chart--loading"
      style={height === undefined ? undefined : { height }}
      role="img"
      aria-label={label}
      aria-busy="true"
    >
      <span aria-hidden="true">Loading the chart…</span>
    </div>
  );
}

/** The held-by-project chart's height, room for every project's bar; its placeholder takes the same. */
export const heldChartHeight = (projects: number) => Math.max(160, 60 + 40 * projects);
